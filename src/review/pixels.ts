import pixelmatch from 'pixelmatch';
import sharp from 'sharp';

/** A rectangle of a capture, in CSS pixels from its top left corner. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PixelDifference {
  /** Pixels that differ, over the larger of the two captures (a page that grew counts its new length). */
  pixels: number;
  /** `pixels` as a share of the larger capture's area, from 0 to 1. */
  share: number;
  width: number;
  height: number;
  /** Where they differ: regions of nearby changed pixels, top to bottom, at most MAX_BOXES. */
  boxes: Box[];
  /** The difference drawn: the new capture faded, changed pixels in colour, each box outlined (raw RGBA, `width` × `height`; empty when no pixel changed). */
  image: Buffer;
}

/** Changed pixels closer than this many are one region: a changed paragraph is one box, not one per letter. */
const CELL = 24;
/** More regions than this are merged into bands: a reviewer is shown where to look, not every glyph. */
export const MAX_BOXES = 12;

/** Changed pixels darker after (text added, a colour deepened) and lighter after (text removed). */
const ADDED: [number, number, number] = [0, 110, 220];
const REMOVED: [number, number, number] = [220, 20, 60];

/** The outline around a changed region: a colour of its own, beside the changes' red and blue. */
const OUTLINE = [255, 140, 0, 255];
const OUTLINE_WIDTH = 3;
const OUTLINE_GAP = 4;

/** Where a shorter capture has no pixel: a colour no page is drawn in, so the length it lost or gained counts as changed. */
const MISSING = [255, 0, 255, 255] as const;

async function rgba(png: Buffer, width: number, height: number): Promise<Buffer> {
  const image = sharp(png).ensureAlpha();
  const { width: ownWidth = 0, height: ownHeight = 0 } = await image.metadata();
  if (ownWidth === width && ownHeight === height) return image.raw().toBuffer();
  return image
    .extend({ right: width - ownWidth, bottom: height - ownHeight, background: { r: MISSING[0], g: MISSING[1], b: MISSING[2], alpha: 1 } })
    .raw()
    .toBuffer();
}

/** Groups changed pixels into cells, then cells that touch into boxes. */
function boxesOf(changed: Uint8Array, width: number, height: number): Box[] {
  const columns = Math.ceil(width / CELL);
  const rows = Math.ceil(height / CELL);
  const cells = new Uint8Array(columns * rows);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (changed[y * width + x]) cells[Math.floor(y / CELL) * columns + Math.floor(x / CELL)] = 1;
  const boxes: Box[] = [];
  const seen = new Uint8Array(cells.length);
  for (let start = 0; start < cells.length; start++) {
    if (!cells[start] || seen[start]) continue;
    let [left, top, right, bottom] = [columns, rows, 0, 0];
    const stack = [start];
    seen[start] = 1;
    while (stack.length) {
      const cell = stack.pop()!;
      const [cx, cy] = [cell % columns, Math.floor(cell / columns)];
      [left, top, right, bottom] = [Math.min(left, cx), Math.min(top, cy), Math.max(right, cx), Math.max(bottom, cy)];
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const [nx, ny] = [cx + dx, cy + dy];
          const next = ny * columns + nx;
          if (nx >= 0 && ny >= 0 && nx < columns && ny < rows && cells[next] && !seen[next]) {
            seen[next] = 1;
            stack.push(next);
          }
        }
    }
    const x = left * CELL;
    const y = top * CELL;
    boxes.push({ x, y, width: Math.min(width, (right + 1) * CELL) - x, height: Math.min(height, (bottom + 1) * CELL) - y });
  }
  return bands(
    boxes.sort((a, b) => a.y - b.y || a.x - b.x),
    width,
  );
}

/** Too many boxes become full-width bands, neighbours merged until MAX_BOXES remain. */
function bands(boxes: Box[], width: number): Box[] {
  if (boxes.length <= MAX_BOXES) return boxes;
  const merged = boxes.map((box) => ({ x: 0, y: box.y, width, height: box.height }));
  while (merged.length > MAX_BOXES) {
    let closest = 0;
    for (let i = 1; i < merged.length - 1; i++) {
      const gap = (at: number) => merged[at + 1]!.y - (merged[at]!.y + merged[at]!.height);
      if (gap(i) < gap(closest)) closest = i;
    }
    const [a, b] = [merged[closest]!, merged[closest + 1]!];
    merged.splice(closest, 2, { x: 0, y: a.y, width, height: Math.max(a.y + a.height, b.y + b.height) - a.y });
  }
  return merged;
}

/** Outlines each box a few pixels outside it: a change of one digit is found at a glance on a long page. */
function outline(image: Buffer, width: number, height: number, boxes: Box[]): void {
  const paint = (x: number, y: number) => {
    if (x < 0 || y < 0 || x >= width || y >= height) return;
    image.set(OUTLINE, (y * width + x) * 4);
  };
  for (const box of boxes) {
    const [left, top, right, bottom] = [box.x - OUTLINE_GAP, box.y - OUTLINE_GAP, box.x + box.width + OUTLINE_GAP, box.y + box.height + OUTLINE_GAP];
    for (let t = 0; t < OUTLINE_WIDTH; t++) {
      for (let x = left; x <= right; x++) {
        paint(x, top + t);
        paint(x, bottom - t);
      }
      for (let y = top; y <= bottom; y++) {
        paint(left + t, y);
        paint(right - t, y);
      }
    }
  }
}

/**
 * Compares two captures pixel by pixel (pixelmatch, anti-aliasing ignored): the share that
 * changed, where, and an image of it. Captures of different lengths are compared over the longer.
 */
export async function comparePixels(before: Buffer, after: Buffer): Promise<PixelDifference> {
  // Chromium encodes the same pixels to the same bytes: an unchanged page is told without decoding it.
  if (before.equals(after)) {
    const { width = 0, height = 0 } = await sharp(after).metadata();
    return { pixels: 0, share: 0, width, height, boxes: [], image: Buffer.alloc(0) };
  }
  const [a, b] = await Promise.all([sharp(before).metadata(), sharp(after).metadata()]);
  const width = Math.max(a.width ?? 0, b.width ?? 0);
  const height = Math.max(a.height ?? 0, b.height ?? 0);
  const [old, now] = await Promise.all([rgba(before, width, height), rgba(after, width, height)]);
  const image = Buffer.alloc(width * height * 4);
  const pixels = pixelmatch(old, now, image, width, height, { threshold: 0.1, alpha: 0.15, diffColor: REMOVED, diffColorAlt: ADDED, aaColor: [215, 215, 215] });
  // The changed pixels are those drawn in a change's colour: the rest of the image is grey (faded) or yellow (anti-aliasing, ignored).
  const changed = new Uint8Array(width * height);
  if (pixels)
    for (let i = 0; i < changed.length; i++) {
      const [r, g, b] = [image[i * 4], image[i * 4 + 1], image[i * 4 + 2]];
      if ((r === REMOVED[0] && g === REMOVED[1] && b === REMOVED[2]) || (r === ADDED[0] && g === ADDED[1] && b === ADDED[2])) changed[i] = 1;
    }
  const boxes = pixels ? boxesOf(changed, width, height) : [];
  outline(image, width, height, boxes);
  return { pixels, share: width * height ? pixels / (width * height) : 0, width, height, boxes, image };
}
