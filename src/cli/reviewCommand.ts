import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { NoBrowser } from '../review/browser.ts';
import { ReviewUsage, reviewSites } from '../review/review.ts';
import { reviewHtml, reviewMarkdown, reviewText } from '../review/reviewFormats.ts';
import { SideProblem } from '../review/sides.ts';
import { EXIT } from './report.ts';

export interface ReviewCommandOptions {
  out: string;
  imagesUrl?: string;
  /** Routes captured whether or not the change alters them. */
  page: string[];
  /** In percent: a page that loads more than this much more is flagged. */
  weightGrowth: number;
  concurrency?: number;
  endpoint?: string;
  region?: string;
}

/** The files of a review besides its images: what a person opens, and what a pull request's comment is made of. */
export const REVIEW_PAGE = 'index.html';
export const REVIEW_COMMENT = 'comment.md';

/**
 * `sitegen review OLD NEW`: captures the pages the change alters on both sides, compares them and
 * writes the review to `--out` (images, review.json, index.html, comment.md). Differences are no
 * failure: exit 0 either way.
 */
export async function reviewCommand(old: string, now: string, options: ReviewCommandOptions): Promise<number> {
  try {
    const review = await reviewSites(old, now, {
      out: options.out,
      pages: options.page,
      concurrency: options.concurrency,
      endpoint: options.endpoint,
      region: options.region,
    });
    const formatOptions = { imagesUrl: options.imagesUrl, weightGrowth: options.weightGrowth / 100 };
    const page = path.resolve(options.out, REVIEW_PAGE);
    await writeFile(page, reviewHtml(review, formatOptions));
    await writeFile(path.join(options.out, REVIEW_COMMENT), reviewMarkdown(review, formatOptions));
    process.stdout.write(reviewText(review, { ...formatOptions, page: pathToFileURL(page).href }));
    return EXIT.ok;
  } catch (error) {
    if (error instanceof SideProblem || error instanceof ReviewUsage || error instanceof NoBrowser) {
      process.stderr.write(`sitegen review: ${error.message}\n`);
      return error instanceof SideProblem && error.bucket ? EXIT.publish : EXIT.usage;
    }
    throw error;
  }
}
