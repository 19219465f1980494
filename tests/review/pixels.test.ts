import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { comparePixels, MAX_BOXES, type Box } from '../../src/review/pixels.ts';

interface Square {
  x: number;
  y: number;
  size: number;
}

/** A white capture `width` × `height` with black squares drawn on it, as a PNG. */
function capture(width: number, height: number, squares: Square[] = []): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 4, 255);
  for (const { x, y, size } of squares)
    for (let row = y; row < y + size; row++)
      for (let column = x; column < x + size; column++) raw.fill(0, (row * width + column) * 4, (row * width + column) * 4 + 3);
  return sharp(raw, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

const covers = (box: Box, { x, y, size }: Square) => box.x <= x && box.y <= y && box.x + box.width >= x + size && box.y + box.height >= y + size;

/** The colour the difference image gives a pixel. */
const colourAt = (image: Buffer, width: number, x: number, y: number) => [...image.subarray((y * width + x) * 4, (y * width + x) * 4 + 3)];

describe('comparing two captures', () => {
  it('finds no pixel and no box between identical captures, whether their bytes are the same or only their pixels', async () => {
    const page = await capture(120, 90, [{ x: 10, y: 10, size: 30 }]);
    const same = await comparePixels(page, await capture(120, 90, [{ x: 10, y: 10, size: 30 }]));
    expect(same).toMatchObject({ pixels: 0, share: 0, width: 120, height: 90, boxes: [] });
    const reencoded = await sharp(page).png({ compressionLevel: 0 }).toBuffer();
    expect(reencoded.equals(page)).toBe(false);
    const samePixels = await comparePixels(page, reencoded);
    expect(samePixels).toMatchObject({ pixels: 0, share: 0, width: 120, height: 90, boxes: [] });
  });

  it('finds a square drawn on the page: its pixels, their share, and one box around it, no wider than a region of neighbouring pixels', async () => {
    const square = { x: 40, y: 30, size: 20 };
    const difference = await comparePixels(await capture(120, 90), await capture(120, 90, [square]));
    expect(difference.pixels).toBe(400);
    expect(difference.share).toBeCloseTo(400 / (120 * 90));
    expect(difference.boxes).toHaveLength(1);
    const [box] = difference.boxes;
    expect(covers(box!, square)).toBe(true);
    // Changed pixels are grouped by cells of 24 px: the box is at most a cell larger on each side.
    expect(box!.x).toBeGreaterThan(square.x - 24);
    expect(box!.y).toBeGreaterThan(square.y - 24);
    expect(box!.x + box!.width).toBeLessThan(square.x + square.size + 24);
    expect(box!.y + box!.height).toBeLessThan(square.y + square.size + 24);
  });

  it('draws what got darker in blue and what got lighter in red, and the rest faded', async () => {
    const kept = { x: 40, y: 40, size: 10 };
    const [plain, drawn] = [await capture(60, 60, [kept]), await capture(60, 60, [kept, { x: 10, y: 10, size: 10 }])];
    const added = await comparePixels(plain, drawn);
    const removed = await comparePixels(drawn, plain);
    expect(colourAt(added.image, 60, 15, 15)).toEqual([0, 110, 220]);
    expect(colourAt(removed.image, 60, 15, 15)).toEqual([220, 20, 60]);
    // The unchanged black square, light grey.
    const [r, g, b] = colourAt(added.image, 60, 45, 45);
    expect([g, b]).toEqual([r, r]);
    expect(r).toBeGreaterThan(180);
    expect(r).toBeLessThan(255);
  });

  it('finds two squares far apart as two boxes, top to bottom', async () => {
    const squares = [
      { x: 150, y: 200, size: 10 },
      { x: 10, y: 20, size: 10 },
    ];
    const difference = await comparePixels(await capture(200, 260), await capture(200, 260, squares));
    expect(difference.boxes).toHaveLength(2);
    expect(covers(difference.boxes[0]!, squares[1]!)).toBe(true);
    expect(covers(difference.boxes[1]!, squares[0]!)).toBe(true);
  });

  it(`merges more than ${MAX_BOXES} regions into full-width bands that still cover every change`, async () => {
    const squares = Array.from({ length: 30 }, (_, i) => ({ x: (i % 3) * 60 + 5, y: i * 50 + 5, size: 6 }));
    const difference = await comparePixels(await capture(200, 1520), await capture(200, 1520, squares));
    expect(difference.boxes.length).toBeLessThanOrEqual(MAX_BOXES);
    expect(difference.boxes.every((box) => box.x === 0 && box.width === 200)).toBe(true);
    for (const square of squares) expect(difference.boxes.some((box) => covers(box, square))).toBe(true);
  });

  it.each([
    ['grew', 80, 120],
    ['got shorter', 120, 80],
  ])('counts the length a page %s as changed, compared over the longer capture', async (_, before, after) => {
    const difference = await comparePixels(await capture(100, before), await capture(100, after));
    expect(difference).toMatchObject({ pixels: 100 * 40, width: 100, height: 120 });
    expect(difference.share).toBeCloseTo(40 / 120);
    // The extra 40 rows, from the 24-px cell the shorter capture ends in.
    expect(difference.boxes).toEqual([{ x: 0, y: 72, width: 100, height: 48 }]);
  });
});
