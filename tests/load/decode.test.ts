import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodeContent } from '../../src/load/decode.ts';
import { fixtureCopy, runCli } from '../helpers/fixture.ts';

let fx: Awaited<ReturnType<typeof fixtureCopy>>;
beforeEach(async () => {
  fx = await fixtureCopy();
});
afterEach(() => fx.remove());

/** Replaces `marker` in a content file by raw bytes that are not UTF-8. */
async function spoil(rel: string, marker: string, bytes: number[]) {
  const text = await readFile(fx.file(rel), 'utf8');
  const at = text.indexOf(marker);
  await writeFile(fx.file(rel), Buffer.concat([Buffer.from(text.slice(0, at)), Buffer.from(bytes), Buffer.from(text.slice(at + marker.length))]));
}

describe('content files that are not UTF-8', () => {
  it('are errors at the first bad byte, in an article body, a frontmatter title and a YAML file', async () => {
    // "café" saved as Latin-1, an "é" in a title the same way, and a Windows-1252 dash.
    await spoil('articles/first-steps.md', 'sponsorship sale', [0x63, 0x61, 0x66, 0xe9]);
    await spoil('articles/second-look.md', 'title: ', [0x74, 0x69, 0x74, 0x6c, 0x65, 0x3a, 0x20, 0xc9]);
    await spoil('site.yaml', 'name: Fixture Site', [...Buffer.from('name: Fixture '), 0x96, ...Buffer.from(' Site')]);
    const { code, stdout } = await runCli('check', '--content', fx.content);
    expect(code).toBe(1);
    const prefix = path.relative(process.cwd(), fx.content) + path.sep;
    const lines = stdout
      .split('\n')
      .filter((line) => line.includes('[content/encoding]'))
      .map((line) => line.slice(prefix.length));
    expect(lines).toEqual([
      'articles/first-steps.md:13:43  the file is not valid UTF-8: byte 0xE9 here is no part of a character (save the file as UTF-8)  [content/encoding]',
      'articles/second-look.md:2:8  the file is not valid UTF-8: byte 0xC9 here is no part of a character (save the file as UTF-8)  [content/encoding]',
      'site.yaml:3:15  the file is not valid UTF-8: byte 0x96 here is no part of a character (save the file as UTF-8)  [content/encoding]',
    ]);
  });

  it('finds the first bad byte after multi-byte characters, and refuses overlong forms and surrogates', () => {
    const at = (bytes: number[]) => decodeContent('f', Uint8Array.from(bytes)).problem;
    expect(at([...Buffer.from('é€\n😀x'), 0xff])).toMatchObject({ line: 2, column: 3 });
    expect(at([0xc0, 0xaf])).toMatchObject({ line: 1, column: 1 });
    expect(at([0x61, 0xed, 0xa0, 0x80])).toMatchObject({ line: 1, column: 2 });
    expect(at([0x61, 0xe2, 0x82])).toMatchObject({ line: 1, column: 2 });
    expect(decodeContent('f', Buffer.from('plain ✓ text'))).toEqual({ text: 'plain ✓ text' });
  });
});
