import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixtureCopy, runCli } from '../helpers/fixture.ts';

let fx: Awaited<ReturnType<typeof fixtureCopy>>;
beforeEach(async () => {
  fx = await fixtureCopy();
});
afterEach(() => fx.remove());

const ARTICLE =
  '---\ntitle: Filed Away\ndate: 2024-03-01\nauthor: Erin Walsh\nexcerpt: An article an editor filed in a year folder.\ncategory: Strategy\nthumbnail: /images/articles/value-in-kind-payments.svg\nthumbnailAlt: A ledger\n---\n\nText with <b>raw HTML</b>.\n';

describe('files under content/ that no collection reads', () => {
  it('are each an error that says what to do, in one run, with exit 1', async () => {
    await mkdir(fx.file('articles/2024'));
    await fx.write('articles/2024/filed-away.md', ARTICLE);
    await fx.write('pages/about3.yml', 'template: blocks\n');
    await fx.write('articles/x.markdown', ARTICLE);
    await fx.write('articles/UPPER.MD', ARTICLE);
    await fx.write('junk.yaml', 'a: [unclosed\n');
    await mkdir(fx.file('drafts'));
    await fx.write('drafts/idea.md', 'An idea.\n');
    await fx.write('legal/notes.txt', 'Notes.\n');
    // Dot files are the editors' tools' own (an editor's settings, generated schemas).
    await fx.write('.editorconfig', 'root = true\n');
    await mkdir(fx.file('.schemas'));
    await fx.write('.schemas/site.schema.json', '{}\n');
    const { code, stdout } = await runCli('check', '--content', fx.content);
    expect(code).toBe(1);
    const lines = stdout
      .split('\n')
      .filter((line) => line.includes('[content/unread-file]'))
      .map((line) => path.relative(fx.content, path.resolve(line)).replace(/ {2}\[content\/unread-file\]$/, ''));
    expect(lines).toEqual([
      'articles/2024/filed-away.md:1:1  this file is not read: content/articles/ is read without the folders inside it: move this file to content/articles/filed-away.md (its file name is its address, so it must be unique)',
      'articles/UPPER.MD:1:1  this file is not read: content/articles/ is read from files ending in .md: rename it to upper.md',
      'articles/x.markdown:1:1  this file is not read: content/articles/ is read from files ending in .md: rename it to x.md',
      'drafts/idea.md:1:1  this file is not read: sitegen reads no folder content/drafts/ (only articles/, legal/ and pages/): move this file into one of them, or out of content/',
      'junk.yaml:1:1  this file is not read: sitegen reads only site.yaml, pricing.yaml and redirects.yaml at the top of content/, and the folders articles/, legal/ and pages/: move this file into one of them, or out of content/',
      'legal/notes.txt:1:1  this file is not read: content/legal/ holds only .md files: move this file out of content/, or remove it',
      'pages/about3.yml:1:1  this file is not read: content/pages/ is read from files ending in .yaml: rename it to about3.yaml',
    ]);
  });

  it('are the links themselves, never what a link to a folder leads to, inside content/ or outside it', async () => {
    const outside = path.join(path.dirname(fx.content), 'outside');
    await mkdir(path.join(outside, 'deep'), { recursive: true });
    await writeFile(path.join(outside, 'deep/notes.md'), 'Notes.\n');
    await symlink(outside, fx.file('archive'));
    await symlink('..', fx.file('legal/all'));
    const { stdout } = await runCli('check', '--content', fx.content);
    const unread = stdout
      .split('\n')
      .filter((line) => line.includes('[content/unread-file]'))
      .map((line) => path.relative(fx.content, path.resolve(line.split(':')[0]!)));
    expect(unread.sort()).toEqual(['archive', 'legal/all']);
  });
});
