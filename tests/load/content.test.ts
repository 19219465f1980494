import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KeptReads, readMarkdownFiles } from '../../src/load/content.ts';

describe('markdown files kept between builds', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-reads-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const listing = (name: string) => ({ collection: 'articles', slug: name.replace(/\.md$/, ''), file: path.join(dir, name) });

  it('reads a file again whenever it was written, even with the same size, and keeps it otherwise', async () => {
    const kept = new KeptReads();
    const file = listing('value-banks.md');
    await writeFile(file.file, '---\ntitle: Value Banks\n---\nFirst words.\n');
    // Written a moment ago: its stamp could still miss a second save, so it is read again.
    const [fresh] = readMarkdownFiles([file], kept);
    expect(readMarkdownFiles([file], kept)[0]).not.toBe(fresh);
    await sleep(150);
    const [first] = readMarkdownFiles([file], kept);
    expect(readMarkdownFiles([file], kept)[0]).toBe(first);
    // Same length, other bytes: an edit an editor saves within the same second.
    await writeFile(file.file, '---\ntitle: Value Banks\n---\nLater words.\n');
    const [edited] = readMarkdownFiles([file], kept);
    expect(edited!.text).toContain('Later words.');
    expect(edited!.hash).not.toBe(first!.hash);
    expect(edited).toEqual(readMarkdownFiles([file])[0]);
  });

  it('reads a file replaced by a rename (how editors save) again', async () => {
    const kept = new KeptReads();
    const file = listing('renewals.md');
    await writeFile(file.file, 'Renewals start early.\n');
    await sleep(150);
    const [first] = readMarkdownFiles([file], kept);
    expect(readMarkdownFiles([file], kept)[0]).toBe(first);
    const saved = path.join(dir, '.renewals.md.swp');
    await writeFile(saved, 'Renewals start later.\n');
    await rename(saved, file.file);
    const [again] = readMarkdownFiles([file], kept);
    expect(again).not.toBe(first);
    expect(again!.text).toBe('Renewals start later.\n');
  });
});
