import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { mappedFrame } from '../src/stackSources.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'sitegen-stack-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
mkdirSync(path.join(dir, 'code'));
mkdirSync(path.join(dir, 'templates'));

/**
 * A compiled file whose map says: its line 1 comes from line 1 of templates/Card.tsx, its line 2 from line 3, column 3,
 * and from its column 3 on from line 3, column 5, where the source names `Card`.
 */
const compiled = path.join(dir, 'code/chunk.mjs');
writeFileSync(compiled, 'export const a = 1;\nthrow new Error("x");\n');
writeFileSync(`${compiled}.map`, JSON.stringify({ version: 3, sources: ['../templates/Card.tsx'], names: ['Card'], mappings: 'AAAA;AAEE,EAAEA' }));
const unmapped = path.join(dir, 'code/plain.mjs');
writeFileSync(unmapped, 'throw new Error("y");\n');
const damaged = path.join(dir, 'code/damaged.mjs');
writeFileSync(damaged, 'throw new Error("z");\n');
writeFileSync(`${damaged}.map`, '{"version": 3, "mappings"');

describe('a crash frame of compiled code', () => {
  it('points at the source its map names, by path, line and column, named as Node names it with source maps on', () => {
    const source = path.join(dir, 'templates/Card.tsx');
    expect(mappedFrame(`    at Card2 (${pathToFileURL(compiled).href}:2:1)`)).toBe(`    at Card2 (${source}:3:3)`);
    // The name the map gives the place, over the compiled one; a function with no name is <anonymous>.
    expect(mappedFrame(`    at Card2 (${pathToFileURL(compiled).href}:2:3)`)).toBe(`    at Card (${source}:3:5)`);
    expect(mappedFrame(`    at ${pathToFileURL(compiled).href}:1:1`)).toBe(`    at <anonymous> (${source}:1:1)`);
  });

  it('keeps its place, as a path, when its file has no map or one that cannot be read', () => {
    expect(mappedFrame(`    at f (${pathToFileURL(unmapped).href}:1:7)`)).toBe(`    at f (${unmapped}:1:7)`);
    expect(mappedFrame(`    at g (${pathToFileURL(damaged).href}:1:7)`)).toBe(`    at g (${damaged}:1:7)`);
    expect(mappedFrame(`    at h (${path.join(dir, 'gone.mjs')}:4:2)`)).toBe(`    at h (${path.join(dir, 'gone.mjs')}:4:2)`);
  });

  it('leaves frames of Node and of no file as they are', () => {
    for (const frame of ['    at new Promise (<anonymous>)', '    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)'])
      expect(mappedFrame(frame)).toBe(frame);
  });
});
