#!/usr/bin/env node
// npm run bench -- --articles N [--runs R]
// Copies the real content, adds N synthetic articles of the real article shape, then runs a
// cold `sitegen check` and `sitegen build`, a second build with nothing changed and a check after it, and a pull-request build (as a CI
// job runs it: the cache restored, no output, one article edited), printing wall time, pages per
// second, peak memory and pages rendered of each; then `sitegen watch`'s first build and its rebuilds after edits
// of an article, a page template, the footer (its words, then a class) and the stylesheet (saved to served, medians of 5); then the weight of the blog's index page and of a first search; then the image pipeline on
// 50 phone photos of 4032 × 3024 (4 MB each, made here): bytes a phone and a desktop download for
// one, and the cold and cached build with all 50 (--photos N, --photo-runs R; --photos 0 skips them).
// npm run bench -- --markdown-bombs [--runs R] times `sitegen check` on hostile markdown instead
// (bin/benchMarkdownBombs.mjs), and nothing else.
// npm run bench -- --review [--runs R] times `sitegen review` of 1, 10 and 40 changed pages instead
// (bin/benchReview.mjs), and nothing else.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { benchMarkdownBombs } from './benchMarkdownBombs.mjs';
import { phonePhoto } from './benchPhoto.mjs';
import { benchReview } from './benchReview.mjs';
import { BUILD_FILES, copyProject } from './projectCopy.mjs';
import { syntheticArticle } from './syntheticArticles.mjs';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    articles: { type: 'string', default: '0' },
    runs: { type: 'string', default: '1' },
    photos: { type: 'string', default: '50' },
    'photo-runs': { type: 'string', default: '1' },
    'markdown-bombs': { type: 'boolean', default: false },
    review: { type: 'boolean', default: false },
  },
});
if (values['markdown-bombs']) {
  await benchMarkdownBombs(root, Number(values.runs));
  process.exit(0);
}
if (values.review) {
  await benchReview(root, Number(values.runs));
  process.exit(0);
}
const count = Number(values.articles);
const runs = Number(values.runs);

const dir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-bench-'));
const content = path.join(dir, 'content');
const out = path.join(dir, 'dist');
await cp(path.join(root, 'content'), content, { recursive: true });
for (let i = 0; i < count; i++) await writeFile(path.join(content, 'articles', `synthetic-${i}.md`), syntheticArticle(i));
// A cold build starts without the generator's cache.
await rm(path.join(root, '.sitegen-cache'), { recursive: true, force: true });

function run(label) {
  const started = process.hrtime.bigint();
  // Its summary and --verbose lines are on stderr (with its progress), its problems, none here, on stdout.
  const result = spawnSync(process.execPath, [path.join(root, 'bin/sitegen.mjs'), 'build', '--content', content, '--out', out, '--verbose'], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (result.status !== 0) throw new Error(`the build failed:\n${result.stdout}${result.stderr}`);
  const output = result.stderr;
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const pages = Number(/built (\d+) pages/.exec(output)?.[1]);
  const rendered = /rendered (\d+) of/.exec(output)?.[1];
  const peak = /peak memory (\d+) MB/.exec(output)?.[1];
  console.log(
    `${label.padEnd(24)} ${String(Math.round(ms)).padStart(6)} ms wall   ${String(Math.round(pages / (ms / 1000))).padStart(6)} pages/s   peak ${peak} MB   (${pages} pages, ${rendered} rendered)`,
  );
}

/** `sitegen check` on the same content: it writes nothing, so it must cost less than the build beside it. */
function check(label) {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, [path.join(root, 'bin/sitegen.mjs'), 'check', '--content', content], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`the check failed:\n${result.stdout}${result.stderr}`);
  console.log(`${label.padEnd(24)} ${String(Math.round(Number(process.hrtime.bigint() - started) / 1e6)).padStart(6)} ms wall`);
}

/** Removes the output (the link `dist` and the versions beside it) and flushes the removal, which is not the next build's work. */
async function removeOutput() {
  for (const name of [out, path.join(dir, '.dist.sitegen')]) await rm(name, { recursive: true, force: true });
  execFileSync('sync');
}

console.log(`real content + ${count} synthetic articles, ${os.cpus().length} cores, node ${process.version}`);
for (let r = 0; r < runs; r++) {
  // Cold: no cache, and no earlier output (the link `dist` and the versions beside it) to replace.
  await rm(path.join(root, '.sitegen-cache'), { recursive: true, force: true });
  check('cold check');
  await rm(path.join(root, '.sitegen-cache'), { recursive: true, force: true });
  await removeOutput();
  run('cold build');
  run('second build, no change');
  check('check, after a build');
  // A CI job of a pull request that edits one article: the cache restored, no output.
  await removeOutput();
  const article = path.join(content, 'articles/value-banks.md');
  await writeFile(article, `${await readFile(article, 'utf8')}\nA paragraph a pull request added, number ${r}.\n`);
  run('pull-request build');
}

/**
 * `sitegen watch` in a copy of the project with the same content: its first build, then five edits
 * each of an article, a page template and the stylesheet, each timed from the moment the file is
 * saved to the moment watch says the rebuild is served (the debounce, compiling and rendering included).
 */
async function watchEdits() {
  const project = await mkdtemp(path.join(os.tmpdir(), 'sitegen-bench-watch-'));
  await copyProject(
    root,
    project,
    BUILD_FILES.filter((name) => name !== 'content'),
  );
  await cp(content, path.join(project, 'content'), { recursive: true });
  // The images the builds above made, as a developer's cache has them.
  await cp(path.join(root, '.sitegen-cache/images'), path.join(project, '.sitegen-cache/images'), { recursive: true });
  const started = Date.now();
  const child = spawn(process.execPath, [path.join(project, 'bin/sitegen.mjs'), 'watch', '--port', '0'], { cwd: project, stdio: ['ignore', 'pipe', 'pipe'] });
  const rebuilt = [];
  let faults = 0;
  let waiting;
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text) => {
    // The line that ends each build that succeeded (src/watch/buildReport.ts BUILT_LINE): pages rendered, or what changed instead.
    for (const [line] of text.matchAll(/^(rebuilt \d+ of \d+ pages|.+, every page reloaded|no page or file changed) in \d+ ms.*$/gm))
      rebuilt.push({ at: Date.now(), line, total: Number(/^rebuilt \d+ of (\d+) pages/.exec(line)?.[1]) });
    faults += text.match(/^sitegen: .* failed: /gm)?.length ?? 0;
    waiting?.();
  });
  const next = (n) =>
    new Promise((resolve) => {
      waiting = () => rebuilt.length >= n && resolve(rebuilt[n - 1]);
      waiting();
    });
  const first = await next(1);
  console.log(
    `watch, first build           ${String(first.at - started).padStart(6)} ms   (${first.total} pages; the generator compiled, images from the cache)`,
  );
  const edits = [
    ['one-article edit', 'content/articles/value-banks.md', (text, i) => `${text}\nAn edit made by the benchmark, number ${i}.\n`],
    ['page template edit', 'templates/pages/Article.tsx', (text, i) => text.replace('Back to Articles', `Back to Articles (${i})`)],
    // A component every page shows, its words changed: every page rendered again, no class and no island touched.
    ['footer edit', 'templates/components/Footer.tsx', (text, i) => text.replace('All rights reserved.', `All rights reserved (${i}).`)],
    // A class no template used before: the stylesheet compiled again too.
    ['footer class edit', 'templates/components/Footer.tsx', (text, i) => text.replace('className="max-w-sm"', `className="max-w-sm rotate-${i}"`)],
    ['stylesheet edit', 'templates/styles.css', (text, i) => `${text}\n.bench-edit { outline-offset: ${i}px; }\n`],
  ];
  for (const [label, file, edit] of edits) {
    const full = path.join(project, file);
    const text = await readFile(full, 'utf8');
    const times = [];
    let said;
    for (let i = 1; i <= 5; i++) {
      // A pause, as between two saves, so each edit starts from an idle watch.
      await sleep(300);
      const saved = Date.now();
      await writeFile(full, edit(text, i));
      const done = await next(rebuilt.length + 1);
      times.push(done.at - saved);
      said = done.line.replace(/ in \d+ ms/, '');
    }
    times.sort((a, b) => a - b);
    console.log(`watch, ${label.padEnd(21)} ${String(times[2]).padStart(6)} ms median of 5 (${times[0]}–${times[4]} ms), saved to served, "${said}"`);
  }
  // A component that throws on every page, then its fix: timed from the fix's save to the site served again.
  const footer = path.join(project, 'templates/components/Footer.tsx');
  const text = await readFile(footer, 'utf8');
  const times = [];
  for (let i = 1; i <= 5; i++) {
    await sleep(300);
    const seen = faults;
    await writeFile(footer, text.replace('{`© ${year}', `{(() => { throw new Error('benchmark fault ${i}'); })()}{\`© \${year}`));
    while (faults === seen) await new Promise((resolve) => (waiting = resolve));
    await sleep(300);
    const saved = Date.now();
    await writeFile(footer, text);
    const done = await next(rebuilt.length + 1);
    times.push(done.at - saved);
  }
  times.sort((a, b) => a - b);
  console.log(
    `watch, ${'template fault fixed'.padEnd(21)} ${String(times[2]).padStart(6)} ms median of 5 (${times[0]}–${times[4]} ms), the fix saved to the site served`,
  );
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  await rm(project, { recursive: true, force: true });
}
await watchEdits();

/** Raw and gzip bytes of files of the built site, by URL path. */
async function weigh(urls) {
  let raw = 0;
  let gzip = 0;
  for (const url of urls) {
    const data = await readFile(path.join(out, url === '/' ? 'index.html' : url));
    raw += data.length;
    gzip += gzipSync(data, { level: 9 }).length;
  }
  return `${(raw / 1024).toFixed(1)} KB raw, ${(gzip / 1024).toFixed(1)} KB gzip (${urls.length} ${urls.length === 1 ? 'file' : 'files'})`;
}

/** The JavaScript a module loads, following its static imports. */
async function moduleGraph(url, seen = new Set()) {
  if (seen.has(url)) return seen;
  seen.add(url);
  const code = await readFile(path.join(out, url), 'utf8');
  for (const [, spec] of code.matchAll(/(?:import|from)\s*["'](\.\/[^"']+)["']/g)) await moduleGraph(path.posix.join(path.posix.dirname(url), spec), seen);
  return seen;
}

const blogPage = 'news-insights/index.html';
const html = await readFile(path.join(out, blogPage), 'utf8');
const loads = new Set();
for (const [, href] of html.matchAll(/<link rel="stylesheet" href="\/([^"]+)"/g)) loads.add(href);
for (const [, src] of html.matchAll(/<script[^>]* src="\/([^"]+)"/g)) for (const url of await moduleGraph(src)) loads.add(url);
// Islands that hydrate without being touched load their module graph; interaction islands wait.
for (const [tag] of html.matchAll(/<sitegen-island [^>]*>/g)) {
  const src = /data-src="\/([^"]+)"/.exec(tag)?.[1];
  if (src && !tag.includes('data-when="interaction"')) for (const url of await moduleGraph(src)) loads.add(url);
}
for (const [, src] of html.matchAll(/<img [^>]*src="\/([^"]+)"/g)) loads.add(src);
console.log(`/news-insights HTML       ${await weigh([blogPage])}`);
console.log(`  and what it loads       ${await weigh([...loads])} before any interaction (stylesheet, scripts, every image on the page)`);

// A first search for one word: the catalog, the word's shard, the cards of the first page of results.
const base = /data-props="[^"]*?&quot;data&quot;:&quot;\/([^&]+)&quot;/.exec(html)[1];
const catalog = JSON.parse(await readFile(path.join(out, base, 'catalog.json'), 'utf8'));
const word = 'sponsorship';
const shard = JSON.parse(await readFile(path.join(out, base, 'words', `${word.slice(0, 2)}.json`), 'utf8'));
const ids = new Set();
for (const [indexed, gaps] of Object.entries(shard)) if (indexed.startsWith(word)) gaps.reduce((id, gap) => (ids.add(id + gap), id + gap), 0);
const first = [...ids].sort((a, b) => a - b).slice(0, 6);
const chunks = [...new Set(first.map((id) => Math.floor(id / catalog.chunk)))].map((n) => `${base}cards/${n}.json`);
console.log(`search for "${word}"     ${await weigh([`${base}catalog.json`, `${base}words/${word.slice(0, 2)}.json`, ...chunks])}, ${ids.size} matches`);
await rm(dir, { recursive: true, force: true });

/**
 * A copy of the project whose public/ holds N phone photos, all in one article: the cold build
 * makes every variant with sharp, the second takes them from the cache. Then what a 390 px
 * phone (DPR 3) and a 1280 px desktop download for one photo: the candidate the browser picks
 * from the slot's sizes (the AVIF at 1200 and at 800 px; tests/e2e/imageBytes.test.ts checks
 * that Chromium picks these).
 */
async function photosBench(n, photoRuns) {
  const project = await mkdtemp(path.join(os.tmpdir(), 'sitegen-bench-photos-'));
  await copyProject(root, project);
  await mkdir(path.join(project, 'public/photos'));
  let sourceBytes = 0;
  for (let i = 0; i < n; i++) {
    const photo = await phonePhoto(i + 1);
    sourceBytes += photo.length;
    await writeFile(path.join(project, 'public/photos', `ground-${i}.jpg`), photo);
  }
  const article = path.join(project, 'content/articles/value-banks.md');
  const photos = Array.from({ length: n }, (_, i) => `![The training ground, photo ${i + 1}](/photos/ground-${i}.jpg)`).join('\n\n');
  await writeFile(article, `${await readFile(article, 'utf8')}\n\n${photos}\n`);
  const photosOut = path.join(project, 'dist');
  const build = (label) => {
    const started = process.hrtime.bigint();
    const result = spawnSync(process.execPath, [path.join(project, 'bin/sitegen.mjs'), 'build', '--out', photosOut, '--verbose'], {
      cwd: project,
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`the build failed:\n${result.stdout}${result.stderr}`);
    const output = result.stderr;
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const [, made, cached] = /images ready \((\d+) made, (\d+) from the cache\)/.exec(output);
    console.log(
      `${label.padEnd(30)} ${String(Math.round(ms)).padStart(6)} ms wall   ${made} images made, ${cached} from the cache   peak ${/peak memory (\d+) MB/.exec(output)[1]} MB`,
    );
  };
  console.log(`${n} photos of 4032 × 3024, ${(sourceBytes / n / 1024 / 1024).toFixed(1)} MB each on average, in one article`);
  for (let r = 0; r < photoRuns; r++) {
    await rm(path.join(project, '.sitegen-cache'), { recursive: true, force: true });
    build(`cold build with ${n} photos`);
    build('second build, images cached');
  }
  const page = await readFile(path.join(photosOut, 'articles/value-banks/index.html'), 'utf8');
  const avif = /<source type="image\/avif" srcSet="([^"]+)"[^>]*>(?:(?!<\/picture>).)*alt="The training ground, photo 1"/.exec(page)[1];
  const size = async (width) => {
    const url = avif
      .split(', ')
      .find((c) => c.endsWith(` ${width}w`))
      .split(' ')[0];
    return `${((await stat(path.join(photosOut, url))).size / 1024).toFixed(1)} KB (AVIF ${width} px)`;
  };
  console.log(`one photo on a 390 px phone, DPR 3   ${await size(1200)}`);
  console.log(`one photo on a 1280 px desktop       ${await size(800)}`);
  await rm(project, { recursive: true, force: true });
}
if (Number(values.photos) > 0) await photosBench(Number(values.photos), Number(values['photo-runs']));
