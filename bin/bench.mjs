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

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { articles: { type: 'string', default: '0' }, runs: { type: 'string', default: '1' } } });
const count = Number(values.articles);
const runs = Number(values.runs);

const words = `sponsorship partner inventory renewal activation deliverable season signage hospitality digital audience
rate card package proposal pipeline forecast invoice proof performance report value bank category exclusivity
brand property league club venue association fan engagement broadcast media social campaign measurement`.split(/\s+/);
const categories = ['Strategy', 'Reports', 'Partnerships', 'Analytics', 'Case Study'];
const links = ['/articles/value-banks', '/sponsorship-crm', '/inventory-management', '/articles/category-exclusivity', '/news-insights'];

function sentence(seed, length) {
  const out = [];
  for (let i = 0; i < length; i++) out.push(words[(seed * 7 + i * 13) % words.length]);
  out[0] = out[0][0].toUpperCase() + out[0].slice(1);
  return `${out.join(' ')}.`;
}
function paragraph(seed) {
  return Array.from({ length: 6 }, (_, i) => sentence(seed + i, 14 + ((seed + i) % 6))).join(' ');
}
function article(i) {
  return `---
title: "Synthetic article ${i}: ${sentence(i, 5).slice(0, -1)}"
date: 2024-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}
author: Erin Walsh
excerpt: "${sentence(i + 3, 22)}"
category: ${categories[i % categories.length]}
thumbnail: /images/articles/value-banks.svg
thumbnailAlt: A value bank gauge beside a ledger
---

${paragraph(i)}

## ${sentence(i + 1, 4).slice(0, -1)}

${paragraph(i + 2)} Read more in [this guide](${links[i % links.length]}).

- ${sentence(i + 4, 8)}
- ${sentence(i + 5, 9)}
- ${sentence(i + 6, 7)}

${paragraph(i + 7)}
`;
}

const dir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-bench-'));
const content = path.join(dir, 'content');
const out = path.join(dir, 'dist');
await cp(path.join(root, 'content'), content, { recursive: true });
for (let i = 0; i < count; i++) await writeFile(path.join(content, 'articles', `synthetic-${i}.md`), article(i));
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
