import path from 'node:path';
import { readReview } from '../../../src/review/review.ts';
import { reviewText } from '../../../src/review/reviewFormats.ts';

/**
 * What `sitegen review` prints, for docs/developers/review.md: the review of docs/editors/review.md's
 * example (made with Chromium by `node bin/reviewExample.mjs`), formatted by the tool as it prints
 * one now, the review's folder shown as `…` as the examples show an absolute path.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');

export default async () =>
  `$ npx sitegen review /tmp/site-before /tmp/site-after\n${reviewText(await readReview(path.join(ROOT, 'docs/editors/images/review')), {
    page: 'file:///…/sitegen-review/index.html',
    weightGrowth: 0.1,
  })}`;
