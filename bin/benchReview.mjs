// npm run bench -- --review [--runs R]
// Times `sitegen review OLD NEW --out DIR`, typed as a person types it (Chromium started once
// inside), on the real content with 40 synthetic articles: one build as the site before, and one
// build after each change of 1, 10 and 40 articles' first paragraphs (one word replaced, so that
// no list, excerpt or reading time changes: exactly N pages change). Prints, per N, the wall time
// of each run and their range, seconds per page, and what Chromium did: captures, and the widths whose pixels changed.
// It asserts nothing: the machine may be busy.
import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { syntheticArticle } from './syntheticArticles.mjs';

const CHANGED = [1, 10, 40];
const SYNTHETIC = Math.max(...CHANGED);

/** The first word of an article's body replaced by another: the page changes where a reader sees it, and nothing else does. */
const reword = (text) => text.replace(/\n---\n\n(\S+)/, (whole, word) => whole.replace(word, word === 'Revised' ? 'Amended' : 'Revised'));

function sitegen(root, args) {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, [path.join(root, 'bin/sitegen.mjs'), ...args], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`sitegen ${args[0]} failed (exit ${result.status}):\n${result.stdout}${result.stderr}`);
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, stdout: result.stdout };
}

/** Builds `content` into `out`, as the two sides of a review. */
const build = (root, content, out) => sitegen(root, ['build', '--content', content, '--out', out]);

/** What a review's review.json says Chromium did: pages, captures (a page on both sides is two a width), widths whose pixels changed. */
async function whatItDid(out) {
  const review = JSON.parse(await readFile(path.join(out, 'review.json'), 'utf8'));
  let captures = 0;
  let changed = 0;
  for (const page of review.pages)
    for (const width of Object.values(page.widths)) {
      captures += (width.height.before === undefined ? 0 : 1) + (width.height.after === undefined ? 0 : 1);
      if (width.pixels) changed++;
    }
  return { pages: review.pages.length, captures, changed, widths: review.widths.length, took: review.took };
}

const range = (values, digits = 1) => {
  const sorted = [...values].sort((a, b) => a - b);
  const [low, high] = [sorted[0].toFixed(digits), sorted.at(-1).toFixed(digits)];
  return low === high ? low : `${low}–${high}`;
};

export async function benchReview(root, runs) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-bench-review-'));
  try {
    const before = path.join(dir, 'before');
    await cp(path.join(root, 'content'), before, { recursive: true });
    for (let i = 0; i < SYNTHETIC; i++) await writeFile(path.join(before, 'articles', `synthetic-${i}.md`), syntheticArticle(i));
    const sides = { before: path.join(dir, 'before-site') };
    build(root, before, sides.before);
    for (const n of CHANGED) {
      const content = path.join(dir, `after-${n}`);
      await cp(before, content, { recursive: true });
      for (let i = 0; i < n; i++) {
        const file = path.join(content, 'articles', `synthetic-${i}.md`);
        const text = await readFile(file, 'utf8');
        if (reword(text) === text) throw new Error(`synthetic-${i}.md has no first word to replace`);
        await writeFile(file, reword(text));
      }
      sides[n] = path.join(dir, `after-${n}-site`);
      build(root, content, sides[n]);
    }
    console.log(
      `sitegen review on the real content + ${SYNTHETIC} synthetic articles, N of them changed; ${os.availableParallelism()} cores (pages captured at once), node ${process.version}, ${runs} run(s) each`,
    );
    for (const n of CHANGED) {
      const walls = [];
      let did;
      for (let r = 0; r < runs; r++) {
        const out = path.join(dir, `review-${n}`);
        const { ms } = sitegen(root, ['review', sides.before, sides[n], '--out', out]);
        did = await whatItDid(out);
        if (did.pages !== n) throw new Error(`the review of ${n} changed articles captured ${did.pages} pages`);
        walls.push(ms / 1000);
        console.log(
          `  ${String(n).padStart(2)} pages, run ${r + 1}: ${(ms / 1000).toFixed(1)} s wall, ${(did.took / 1000).toFixed(1)} s capturing and comparing`,
        );
      }
      console.log(
        `${String(n).padStart(2)} pages changed   ${range(walls).padStart(11)} s wall   ${range(
          walls.map((s) => s / n),
          2,
        ).padStart(
          11,
        )} s a page   ${did.captures} captures (${did.widths} widths × 2 sides), pixels changed at ${did.changed} of ${did.pages * did.widths} widths`,
      );
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
