import type * as FsPromises from 'node:fs/promises';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeEditorSchemas } from '../../src/write/editorSchemas.ts';
import { definition } from '../../templates/index.ts';

// A disk that refuses a write no look beforehand can foresee (read-only, full): the second schema file fails.
vi.mock('node:fs/promises', async (original) => {
  const fs = await original<typeof FsPromises>();
  let writes = 0;
  return {
    ...fs,
    writeFile: (async (file: string, ...rest: unknown[]) => {
      if (String(file).endsWith('.json') && ++writes === 2)
        throw Object.assign(new Error(`EROFS: read-only file system, open '${file}'`), { code: 'EROFS', path: file });
      return (fs.writeFile as (...args: unknown[]) => Promise<void>)(file, ...rest);
    }) as typeof fs.writeFile,
  };
});

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'sitegen-schemas-fault-'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('sitegen schemas on a disk that refuses a write', () => {
  it('names the file it could not write and why, instead of a stack trace', async () => {
    const result = await writeEditorSchemas({ root, content: path.join(root, 'content') }, definition);
    const written = await readdir(path.join(root, 'content/.schemas'));
    expect(written).toHaveLength(1);
    expect(result).toEqual({
      fault: { path: expect.stringMatching(/\/content\/\.schemas\/.+\.json$/), code: 'EROFS', doing: 'write', words: 'the file system is read-only' },
    });
    expect('fault' in result && !written.includes(path.basename(result.fault.path!))).toBe(true);
  });
});
