#!/usr/bin/env node
// node bin/reviewExample.mjs
// Makes the example of docs/editors/review.md with the real tool: builds the fixture site
// (tests/fixtures/site) before and after a small change an editor makes to an article, runs
// `sitegen review` on the two builds as a pull request's job does, and keeps what the doc shows in
// docs/editors/images/review/: the images the comment shows and review.json (the example
// tests/docs/examples/review-comment.ts formats the comment from it). It writes the comment's pages
// into the doc as GitHub shows them; then `SITEGEN_WRITE_DOCS=1 npx vitest run
// tests/docs/examples.test.ts` writes the comment's text.
import { spawnSync } from 'node:child_process';
import { copyFile, cp, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const DOC = path.join(root, 'docs/editors/review.md');
const IMAGES = path.join(root, 'docs/editors/images/review');
/** Any address: the comment names the images it shows after it, and the doc shows them from IMAGES. */
const IMAGES_URL = 'https://review.example';
const SHOWN = ['<!-- the pages of the comment as GitHub shows them: made by node bin/reviewExample.mjs -->', '<!-- end of the pages of the comment -->'];

/** The editor's change: the words of a tip in the article, which no other page shows. */
function edit(text) {
  const changed = text
    .replace('title="Start small"', 'title="Start with last season"')
    .replace('List the assets you sold last season before adding new ones.', 'List what you sold last season, then add new assets one by one.');
  if (changed === text) throw new Error('tests/fixtures/site/articles/first-steps.md no longer has what the example changes: make it change something else');
  return changed;
}

function sitegen(...args) {
  const result = spawnSync(process.execPath, [path.join(root, 'bin/sitegen.mjs'), ...args], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`sitegen ${args.join(' ')} failed (exit ${result.status}):\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

const dir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-review-example-'));
try {
  const [before, after] = ['before', 'after'].map((side) => path.join(dir, side));
  await cp(path.join(root, 'tests/fixtures/site'), before, { recursive: true });
  await cp(before, after, { recursive: true });
  const article = path.join(after, 'articles/first-steps.md');
  await writeFile(article, edit(await readFile(article, 'utf8')));
  for (const side of [before, after]) sitegen('build', '--content', side, '--out', `${side}-site`);
  const out = path.join(dir, 'review');
  process.stdout.write(sitegen('review', `${before}-site`, `${after}-site`, '--out', out, '--images-url', IMAGES_URL));

  const comment = await readFile(path.join(out, 'comment.md'), 'utf8');
  const shown = [...new Set([...comment.matchAll(/src="[^"]*\/([0-9a-f]+\.webp)"/g)].map((match) => match[1]))];
  await rm(IMAGES, { recursive: true, force: true });
  await mkdir(IMAGES, { recursive: true });
  let bytes = 0;
  for (const name of shown) {
    await copyFile(path.join(out, name), path.join(IMAGES, name));
    bytes += (await stat(path.join(IMAGES, name))).size;
  }
  // The sides as docs/developers/review.md builds them, not this run's temporary folders.
  const review = { ...JSON.parse(await readFile(path.join(out, 'review.json'), 'utf8')), before: '/tmp/site-before', after: '/tmp/site-after' };
  await writeFile(path.join(IMAGES, 'review.json'), `${JSON.stringify(review, null, 2)}\n`);
  const local = comment.split(`${IMAGES_URL}/`).join(`${path.relative(path.dirname(DOC), IMAGES)}/`);
  const pages = local.slice(local.indexOf('<details>'), local.lastIndexOf('</details>') + '</details>'.length);
  const doc = await readFile(DOC, 'utf8');
  const [start, end] = SHOWN.map((marker) => doc.indexOf(marker));
  if (start < 0 || end < start) throw new Error(`${path.relative(root, DOC)} has no place for the comment's pages: ${SHOWN.join(' … ')}`);
  await writeFile(DOC, `${doc.slice(0, start + SHOWN[0].length)}\n\n${pages}\n\n${doc.slice(end)}`);
  console.log(`${shown.length} images the comment shows, ${(bytes / 1024).toFixed(1)} KB, and review.json in ${path.relative(root, IMAGES)}`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
