import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { readReview } from '../../../src/review/review.ts';
import { reviewMarkdown } from '../../../src/review/reviewFormats.ts';

/**
 * The review part of a pull request's comment, for docs/editors/review.md: a real review of the
 * fixture site (a tip of an article reworded), made by `node bin/reviewExample.mjs` with Chromium
 * and kept beside the images the comment shows (docs/editors/images/review/), formatted here by
 * the tool as it formats a comment now, with the images at a preview's address. The doc also shows
 * the pages' `<details>` as GitHub renders them, with those images: they are checked here too.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const DOC = 'docs/editors/review.md';
const REVIEW = 'docs/editors/images/review';
const PREVIEW = 'https://touchline-previews.example/pr-42/sitegen-review';
/** `--weight-growth`'s default, in the share reviewMarkdown takes. */
const WEIGHT_GROWTH = 0.1;
const [START, END] = [
  '<!-- the pages of the comment as GitHub shows them: made by node bin/reviewExample.mjs -->',
  '<!-- end of the pages of the comment -->',
] as const;

export default async () => {
  const review = await readReview(path.join(ROOT, REVIEW));
  const comment = reviewMarkdown(review, { imagesUrl: PREVIEW, weightGrowth: WEIGHT_GROWTH });
  const local = reviewMarkdown(review, { imagesUrl: path.relative(path.dirname(DOC), REVIEW), weightGrowth: WEIGHT_GROWTH });
  const pages = local.slice(local.indexOf('<details>'), local.lastIndexOf('</details>') + '</details>'.length);
  const doc = await readFile(path.join(ROOT, DOC), 'utf8');
  const shown = doc.slice(doc.indexOf(START) + START.length, doc.indexOf(END)).trim();
  if (shown !== pages) throw new Error(`${DOC} shows the comment's pages otherwise than the tool formats them now: run node bin/reviewExample.mjs`);
  return comment;
};
