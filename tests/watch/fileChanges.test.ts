import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolvePaths } from '../../src/config.ts';
import { classifyChange, SETTLE_MS, watchFiles, type FileChanges } from '../../src/watch/fileChanges.ts';

let dir: string;
let watching: FileChanges | undefined;
afterEach(async () => {
  await watching?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the files watch follows', () => {
  // chokidar reports the first of two saves 50 ms apart and drops the second (paulmillr/chokidar#1455).
  it('are reported again after a second save right behind the first, so the last read sees it', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-changes-'));
    const file = path.join(dir, 'note.md');
    await writeFile(file, 'first');
    // What a build started by each report reads: watch starts it SETTLE_MS after the report.
    const reads: string[] = [];
    let read: () => void = () => undefined;
    watching = watchFiles([dir], (changed) =>
      setTimeout(() => {
        reads.push(readFileSync(changed, 'utf8'));
        read();
      }, SETTLE_MS),
    );
    await watching.ready;
    const first = new Promise<void>((resolve) => (read = resolve));
    await writeFile(file, 'second');
    await first;
    // Saved after that build read the file, well within chokidar's 50 ms.
    await writeFile(file, 'third');
    await expect.poll(() => reads.at(-1), { timeout: 2000 }).toBe('third');
  });

  it('say nothing more about a file saved once', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-changes-'));
    const file = path.join(dir, 'note.md');
    await writeFile(file, 'first');
    const reports: string[] = [];
    watching = watchFiles([dir], (changed) => reports.push(changed));
    await watching.ready;
    await writeFile(file, 'second');
    await expect.poll(() => reports.length).toBeGreaterThan(0);
    const seen = reports.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(reports.length).toBe(seen);
  });
});

describe('what a saved file changes', () => {
  const paths = resolvePaths({ root: '/site' });
  it('names the change each store of the table knows: the site settings apart from the rest of content/, stylesheets apart from templates', () => {
    const changes = Object.fromEntries(
      [
        'content/articles/value-banks.md',
        'content/pages/home.yaml',
        'content/site.yaml',
        'content/articles/site.yaml',
        'templates/components/Footer.tsx',
        'templates/styles.css',
        'public/images/a.svg',
        'src/pipeline/builder.ts',
      ].map((file) => [file, classifyChange(paths, path.join('/site', file))]),
    );
    expect(changes).toEqual({
      'content/articles/value-banks.md': 'content',
      'content/pages/home.yaml': 'content',
      'content/site.yaml': 'configuration',
      'content/articles/site.yaml': 'content',
      'templates/components/Footer.tsx': 'template',
      'templates/styles.css': 'stylesheet',
      'public/images/a.svg': 'public',
      'src/pipeline/builder.ts': 'generator',
    });
  });
});
