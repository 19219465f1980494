import { mkdtemp, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KeptReads, readMarkdownFiles } from '../../src/load/content.ts';

/** Longer than a file's stamp needs to be trusted (content.ts: SETTLED_MS). */
const SETTLE = 2100;

describe('markdown files kept between builds', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-reads-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const listing = (name: string) => ({ collection: 'articles', slug: name.replace(/\.md$/, ''), file: path.join(dir, name) });

  it('reads a file again while its last change is recent, keeps it once settled, and reads every later save, even of the same size and time', async () => {
    const kept = new KeptReads();
    const file = listing('value-banks.md');
    await writeFile(file.file, '---\ntitle: Value Banks\n---\nFirst words.\n');
    // Written a moment ago: a second save within the same tick of the file's clock would keep its stamp.
    const [fresh] = readMarkdownFiles([file], kept);
    expect(readMarkdownFiles([file], kept)[0]).not.toBe(fresh);
    await sleep(SETTLE);
    const [first] = readMarkdownFiles([file], kept);
    expect(readMarkdownFiles([file], kept)[0]).toBe(first);

    // The same length, other bytes, and its modification time put back as it was: the change time still tells.
    const { mtime } = await stat(file.file);
    await writeFile(file.file, '---\ntitle: Value Banks\n---\nLater words.\n');
    await utimes(file.file, mtime, mtime);
    const [edited] = readMarkdownFiles([file], kept);
    expect(edited!.text).toContain('Later words.');
    expect(edited!.hash).not.toBe(first!.hash);
    expect(edited).toEqual(readMarkdownFiles([file])[0]);
  });

  it('forgets a file no longer listed, and reads it afresh if it comes back', async () => {
    const kept = new KeptReads();
    const [stays, leaves] = [listing('stays.md'), listing('leaves.md')];
    await writeFile(stays.file, 'Stays.\n');
    await writeFile(leaves.file, 'Leaves.\n');
    await sleep(SETTLE);
    const [stayed, left] = readMarkdownFiles([stays, leaves], kept);
    expect(readMarkdownFiles([stays], kept)[0]).toBe(stayed);
    expect(readMarkdownFiles([stays, leaves], kept)[1]).not.toBe(left);
  });

  it('reads a file replaced by a rename (how editors save) again', async () => {
    const kept = new KeptReads();
    const file = listing('renewals.md');
    await writeFile(file.file, 'Renewals start early.\n');
    await sleep(SETTLE);
    const [first] = readMarkdownFiles([file], kept);
    expect(readMarkdownFiles([file], kept)[0]).toBe(first);
    const saved = path.join(dir, '.renewals.md.swp');
    await writeFile(saved, 'Renewals start later.\n');
    await rename(saved, file.file);
    const [again] = readMarkdownFiles([file], kept);
    expect(again).not.toBe(first);
    expect(again!.text).toBe('Renewals start later.\n');
  });

  it('told of every change (watch), trusts what it read without a stat until the file is named, however recent the change', async () => {
    const kept = new KeptReads(true);
    const file = listing('activation.md');
    await writeFile(file.file, 'Activation plans come first.\n');
    const [first] = readMarkdownFiles([file], kept);
    await writeFile(file.file, 'Activation plans come second.\n');
    // Not named: what was read stands (the watcher names every save it sees).
    expect(readMarkdownFiles([file], kept)[0]).toBe(first);
    kept.changed(file.file);
    const [named] = readMarkdownFiles([file], kept);
    expect(named!.text).toBe('Activation plans come second.\n');
    // Read a moment after its change, and still kept: the next change will be named too.
    expect(readMarkdownFiles([file], kept)[0]).toBe(named);
  });
});
