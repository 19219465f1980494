import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pLimit from 'p-limit';
import sharp, { type Sharp } from 'sharp';
import { compareSites } from '../diff/compare.ts';
import { sha256 } from '../hash.ts';
import type { BucketOptions } from '../publish/bucket.ts';
import { launchChromium } from './browser.ts';
import { capturePage, REVIEW_WIDTHS, SideBrowser, type Capture, type Masked, type ReviewWidth, type Violation } from './capture.ts';
import { choosePages, pageText, type ChosenPage, type PageText } from './choose.ts';
import { comparePixels, type Box } from './pixels.ts';
import { openSide, SideProblem, type ReviewSide } from './sides.ts';

export const REVIEW_FILE = 'review.json';

/** The region of a page the comment shows: where it changed, with some of what surrounds it. */
export interface Focus {
  y: number;
  height: number;
  images: { before?: string; after?: string; difference?: string };
}

/** One page at one width. Image names are files of the review's folder. */
export interface WidthReview {
  /** Share of pixels changed (0 to 1), over the longer of the two captures; absent for a page on one side only. */
  share?: number;
  pixels?: number;
  boxes: Box[];
  height: { before?: number; after?: number };
  images: { before?: string; after?: string; difference?: string };
  focus?: Focus;
  bytes: { before?: number; after?: number };
  masked: Masked[];
  /** Violations the new page has that the old one had not (all of them for an added page). */
  newViolations: Violation[];
}

export interface PageReview extends ChosenPage {
  widths: Record<`${ReviewWidth}`, WidthReview>;
}

export interface Review {
  format: 'sitegen-review';
  version: 1;
  before: string;
  after: string;
  widths: ReviewWidth[];
  pages: PageReview[];
  /** Listed by the diff, not captured (see `Choice.left`). */
  left: ChosenPage[];
  siteWide?: { changed: number; pages: number };
  /** How long the captures took, in milliseconds. */
  took: number;
}

export interface ReviewOptions extends Omit<BucketOptions, 'bucket'> {
  out: string;
  /** Captures made at once (a page is up to four: two sides, two widths); default: the machine's cores. */
  concurrency?: number;
  /** Routes captured whether or not the change alters them (`--page`). */
  pages?: string[];
}

/** The width axe judges a page at: once a page, as each run takes seconds. */
const AXE_WIDTH: ReviewWidth = 1280;

/** The comment shows a changed region with this much of the page above and below it. */
const FOCUS_MARGIN = 160;
/** …and at most this tall: a reviewer is shown where to look; the whole page is in the review's folder. */
const FOCUS_MAX = 1400;

/** Why the review cannot be made as asked (exit 2): `--out` holds something else (never emptied), or `--page` names no page. */
export class ReviewUsage extends Error {}

/** Refuses an `--out` that holds anything but a review: a folder of someone else's files is never emptied. */
async function checkOut(out: string): Promise<void> {
  const names: string[] = await readdir(out).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (names.length && !names.includes(REVIEW_FILE))
    throw new ReviewUsage(`${out} is not empty and holds no ${REVIEW_FILE}: choose an empty or new folder for --out`);
}

async function emptyOut(out: string): Promise<void> {
  await rm(out, { recursive: true, force: true });
  await mkdir(out, { recursive: true });
}

/** Writes an image once under a name made of its bytes: a page that did not change keeps its names, and a cache (GitHub's image proxy) never shows an old one. */
async function writeImage(out: string, image: Sharp): Promise<string> {
  const bytes = await image.webp({ quality: 80, effort: 0 }).toBuffer();
  const name = `${sha256(bytes).slice(0, 16)}.webp`;
  await writeFile(path.join(out, name), bytes);
  return name;
}

const fromRaw = (raw: Buffer, width: number, height: number) => sharp(raw, { raw: { width, height, channels: 4 } });

/** The union of the changed regions, widened by FOCUS_MARGIN and cut to FOCUS_MAX. */
function focusOf(boxes: Box[], height: number): { y: number; height: number } | undefined {
  if (!boxes.length) return undefined;
  const top = Math.max(0, Math.min(...boxes.map((box) => box.y)) - FOCUS_MARGIN);
  const bottom = Math.min(height, Math.max(...boxes.map((box) => box.y + box.height)) + FOCUS_MARGIN);
  return { y: top, height: Math.min(FOCUS_MAX, bottom - top) };
}

const violationKey = (violation: Violation, target: string) => `${violation.id} ${target}`;

/** The violations of `after` not in `before`, element by element. */
function newViolations(before: Violation[] | undefined, after: Violation[] | undefined): Violation[] {
  const had = new Set((before ?? []).flatMap((violation) => violation.targets.map((target) => violationKey(violation, target))));
  return (after ?? []).flatMap((violation) => {
    const targets = violation.targets.filter((target) => !had.has(violationKey(violation, target)));
    return targets.length ? [{ ...violation, targets }] : [];
  });
}

async function reviewWidth(out: string, before: Capture | undefined, after: Capture | undefined): Promise<WidthReview> {
  const masked = after?.masked ?? before?.masked ?? [];
  const base = {
    height: { before: before?.pageHeight, after: after?.pageHeight },
    bytes: { before: before?.bytes, after: after?.bytes },
    masked,
    newViolations: newViolations(before?.violations, after?.violations),
  };
  if (!before || !after) {
    const only = (before ?? after)!;
    const side = before ? 'before' : 'after';
    const { width = 0, height = 0 } = await sharp(only.png).metadata();
    // The comment shows the top of a page that is on one side only: its whole length is in the review's page.
    const top = Math.min(height, FOCUS_MAX);
    const focus = { y: 0, height: top, images: { [side]: await writeImage(out, sharp(only.png).extract({ left: 0, top: 0, width, height: top })) } };
    return { ...base, boxes: [], images: { [side]: await writeImage(out, sharp(only.png)) }, focus };
  }
  const difference = await comparePixels(before.png, after.png);
  if (!difference.pixels) return { ...base, share: 0, pixels: 0, boxes: [], images: { after: await writeImage(out, sharp(after.png)) } };
  const region = focusOf(difference.boxes, difference.height)!;
  // Each capture cut where it has pixels: a page that got shorter has none past its end.
  const cut = async (png: Buffer) => {
    const { height = 0 } = await sharp(png).metadata();
    const top = Math.min(region.y, Math.max(0, height - 1));
    return writeImage(out, sharp(png).extract({ left: 0, top, width: difference.width, height: Math.max(1, Math.min(region.height, height - top)) }));
  };
  // Encoded side by side: libvips works off Node's thread.
  const [beforeName, afterName, differenceName, ...focusNames] = await Promise.all([
    writeImage(out, sharp(before.png)),
    writeImage(out, sharp(after.png)),
    writeImage(out, fromRaw(difference.image, difference.width, difference.height)),
    cut(before.png),
    cut(after.png),
    writeImage(
      out,
      fromRaw(difference.image, difference.width, difference.height).extract({ left: 0, top: region.y, width: difference.width, height: region.height }),
    ),
  ]);
  const focus: Focus = { ...region, images: { before: focusNames[0], after: focusNames[1], difference: focusNames[2] } };
  return {
    ...base,
    share: difference.share,
    pixels: difference.pixels,
    boxes: difference.boxes,
    images: { before: beforeName, after: afterName, difference: differenceName },
    focus,
  };
}

async function textsOf(side: ReviewSide, routes: string[]): Promise<Map<string, PageText>> {
  const limit = pLimit(8);
  const entries = await Promise.all(
    routes.map((route) =>
      limit(async () => {
        const response = await fetch(side.origin + route);
        return [route, pageText(await response.text())] as const;
      }),
    ),
  );
  return new Map(entries);
}

/**
 * Reviews the pages a change alters: the pages `sitegen diff` lists between `beforeName` and
 * `afterName`, chosen and ordered (choose.ts), each captured on both sides at every width in one
 * Chromium, compared pixel by pixel, and written to `options.out` with `review.json`.
 */
export async function reviewSites(beforeName: string, afterName: string, options: ReviewOptions): Promise<Review> {
  const sides: ReviewSide[] = [];
  try {
    sides.push(await openSide(beforeName, options));
    sides.push(await openSide(afterName, options));
    const [before, after] = sides as [ReviewSide, ReviewSide];
    const missing = (options.pages ?? []).filter((route) => !Object.hasOwn(before.manifest.pages, route) || !Object.hasOwn(after.manifest.pages, route));
    if (missing.length) throw new ReviewUsage(`--page ${missing[0]} is not a page of both sites: name a route both have, such as /`);
    await checkOut(options.out);
    const started = performance.now();
    // Started before --out is emptied: a browser that cannot start leaves the last review in place.
    const browser = await launchChromium();
    try {
      await emptyOut(options.out);
      const diff = compareSites(before.manifest, after.manifest);
      const [oldTexts, newTexts] = await Promise.all([
        textsOf(before, [...diff.pages.changed, ...diff.pages.removed]),
        textsOf(after, [...diff.pages.changed, ...diff.pages.added]),
      ]);
      const choice = choosePages(diff, oldTexts, newTexts, Object.keys(after.manifest.pages).length, options.pages);
      const [oldBrowser, newBrowser] = [new SideBrowser(browser, before.origin), new SideBrowser(browser, after.origin)];
      const limit = pLimit(options.concurrency ?? Math.max(1, os.availableParallelism()));
      // Captures are queued one by one, not page by page: a page's two sides and two widths keep both cores busy from the first.
      const capture = (side: SideBrowser, origin: string, route: string, width: ReviewWidth, axe: boolean) =>
        limit(() => capturePage(side, origin, route, width, axe));
      const reviewPage = async (page: ChosenPage): Promise<PageReview> => {
        // Axe once a page, at the laptop's width (seconds a run); a page asked for that the change does not alter has no new violation to find.
        const axeAt = (width: ReviewWidth) => page.change !== 'same' && width === AXE_WIDTH;
        const widths = await Promise.all(
          REVIEW_WIDTHS.map(async (width) => {
            const [now, old] = await Promise.all([
              page.change === 'removed' ? undefined : capture(newBrowser, after.origin, page.route, width, axeAt(width)),
              page.change === 'added' ? undefined : capture(oldBrowser, before.origin, page.route, width, false),
            ]);
            // Axe takes seconds a page: the old page is asked only when the new one has violations, to tell which are new.
            const oldViolations = old && now?.violations?.length ? (await capture(oldBrowser, before.origin, page.route, width, true)).violations : undefined;
            return [`${width}`, await reviewWidth(options.out, old && { ...old, violations: oldViolations }, now)] as const;
          }),
        );
        // A page the bucket could not give is no capture of the site: the review stops as a publish would.
        for (const side of [before, after]) if (side.failure) throw new SideProblem(side.failure, true);
        return { ...page, widths: Object.fromEntries(widths) as PageReview['widths'] };
      };
      const pages = await Promise.all(choice.pages.map(reviewPage));
      await Promise.all([oldBrowser.close(), newBrowser.close()]);
      const review: Review = {
        format: 'sitegen-review',
        version: 1,
        before: beforeName,
        after: afterName,
        widths: [...REVIEW_WIDTHS],
        pages,
        left: choice.left,
        ...(choice.siteWide && { siteWide: choice.siteWide }),
        took: Math.round(performance.now() - started),
      };
      await writeFile(path.join(options.out, REVIEW_FILE), `${JSON.stringify(review, null, 2)}\n`);
      return review;
    } finally {
      await browser.close();
    }
  } finally {
    await Promise.all(sides.map((side) => side.close()));
  }
}

/** A review written before, read again (to format it anew). */
export async function readReview(out: string): Promise<Review> {
  return JSON.parse(await readFile(path.join(out, REVIEW_FILE), 'utf8')) as Review;
}
