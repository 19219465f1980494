import { createHash } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { main } from '../../src/cli/main.ts';
import { PROGRESS_LINE } from '../../src/progress.ts';

const WAITING_LINE = /^waiting for another sitegen build of this project to finish \(process \d+ on .+, since .+\)$/;

export const FIXTURE = path.resolve(import.meta.dirname, '../fixtures/site');

/** A private copy of the fixture content and an output folder in a temp dir. */
export async function fixtureCopy() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-test-'));
  const content = path.join(dir, 'content');
  await cp(FIXTURE, content, { recursive: true });
  return {
    dir,
    content,
    out: path.join(dir, 'dist'),
    file: (rel: string) => path.join(content, rel),
    async edit(rel: string, change: (text: string) => string) {
      const file = path.join(content, rel);
      await writeFile(file, change(await readFile(file, 'utf8')));
    },
    write: (rel: string, text: string) => writeFile(path.join(content, rel), text),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/** Runs the CLI in-process and captures what it prints. */
export async function runCli(...args: string[]) {
  let stdout = '';
  let stderr = '';
  const out = process.stdout.write.bind(process.stdout);
  const err = process.stderr.write.bind(process.stderr);
  process.stdout.write = ((chunk: string) => ((stdout += chunk), true)) as typeof process.stdout.write;
  process.stderr.write = ((chunk: string) => ((stderr += chunk), true)) as typeof process.stderr.write;
  try {
    const code = await main(['node', 'sitegen', ...args]);
    // Off a terminal, a build that runs past its first second says each phase on a line of its
    // own, and a build of the fixture waits for one of another test file of the lane (they share
    // the project's cache and its lock): whether either happens depends on the machine's load and
    // the other files, so the lines are set aside here (tests/progress.test.ts, the watch tests
    // and tests/pipeline/buildLock.test.ts test them).
    return {
      code,
      stdout,
      stderr: stderr
        .split(/(?<=\n)/)
        .filter((line) => !PROGRESS_LINE.test(line.trimEnd()) && !WAITING_LINE.test(line.trimEnd()))
        .join(''),
    };
  } finally {
    process.stdout.write = out;
    process.stderr.write = err;
  }
}

/** Path → sha256 of every file under a folder, to compare outputs byte for byte. */
export async function treeHashes(dir: string): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    result[path.relative(dir, file)] = createHash('sha256')
      .update(await readFile(file))
      .digest('hex');
  }
  return result;
}

/** A cache file's kind: its name without the hashes, the shard and the image width in it. */
export const cacheFileKind = (file: string) =>
  file
    .replace(/[A-Za-z0-9]{12,}/g, 'ID')
    .replace(/-[0-9a-f]\.json$/, '-S.json')
    .replace(/-\d+\.(avif|webp|jpg|png)$/, '-W.$1')
    .replace(/^pages\/[0-9a-f]{2}\//, 'pages/XX/');
