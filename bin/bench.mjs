#!/usr/bin/env node
// npm run bench -- --articles N [--runs R]
// Copies the real content, adds N synthetic articles of the real article shape, then runs a
// cold `sitegen build` and a second build with nothing changed, printing wall time, pages per
// second and peak memory of each.
import { execFileSync } from 'node:child_process';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { syntheticArticle } from './syntheticArticles.mjs';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { articles: { type: 'string', default: '0' }, runs: { type: 'string', default: '1' } } });
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
  const output = execFileSync(process.execPath, [path.join(root, 'bin/sitegen.mjs'), 'build', '--content', content, '--out', out, '--verbose'], { cwd: root, encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const pages = Number(/built (\d+) pages/.exec(output)?.[1]);
  const peak = /peak memory (\d+) MB/.exec(output)?.[1];
  console.log(`${label.padEnd(22)} ${String(Math.round(ms)).padStart(6)} ms wall   ${String(Math.round(pages / (ms / 1000))).padStart(6)} pages/s   peak ${peak} MB   (${pages} pages)`);
}

console.log(`real content + ${count} synthetic articles, ${os.cpus().length} cores, node ${process.version}`);
for (let r = 0; r < runs; r++) {
  await rm(path.join(root, '.sitegen-cache'), { recursive: true, force: true });
  run('cold build');
  run('second build, no change');
}
await rm(dir, { recursive: true, force: true });
