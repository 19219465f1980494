import { readdirSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { publicFiles } from '../../src/load/publicFiles.ts';

const CHECKOUT = path.resolve(import.meta.dirname, '../..');
let root: string;
const at = (rel: string) => path.join(root, rel);
async function write(rel: string, text = rel) {
  await mkdir(path.dirname(at(rel)), { recursive: true });
  await writeFile(at(rel), text);
}
/** A link at `rel` (in public/) to `target`, written relative to the link as users write them. */
const link = (rel: string, target: string) => symlink(path.relative(path.dirname(at(rel)), at(target)) || '.', at(rel));
/** What the walk says, as `path rule` lines and the published files. */
function walked() {
  const { files, diagnostics } = publicFiles(at('public'), root);
  return {
    problems: diagnostics.map((d) => `${path.relative(root, d.file)} ${d.severity} ${d.rule}`),
    files: files.map((f) => `${f.rel} <- ${path.relative(root, f.source)}${f.linked ? ' (linked)' : ''}`),
  };
}

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'sitegen-public-'));
  await write('public/favicon.svg');
  await write('public/images/a.svg');
  await write('.git/config', '[core]');
  await write('.env', 'TOKEN=secret');
  await write('node_modules/pkg/index.js');
  await write('.sitegen-cache/analysis.json');
  // dist is a link to a version in its store, as sitegen writes it; site-out/ an output folder of its own.
  await write('.dist.sitegen/.sitegen-store');
  await write('.dist.sitegen/1763942400000-1-ab/.sitegen-output');
  await write('.dist.sitegen/1763942400000-1-ab/index.html');
  await symlink('.dist.sitegen/1763942400000-1-ab', at('dist'));
  await write('site-out/.sitegen-output');
  await write('site-out/index.html');
  await write('drawings/logo.svg');
  await write('content/articles/draft.md', '---\ndraft: true\n---\n');
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('what public/ publishes', () => {
  it('is its files, and the files its links inside public/ lead to', async () => {
    await link('public/logo.svg', 'public/images/a.svg');
    await link('public/pictures', 'public/images');
    expect(walked()).toEqual({
      problems: [],
      files: [
        'favicon.svg <- public/favicon.svg',
        'images/a.svg <- public/images/a.svg',
        'logo.svg <- public/images/a.svg (linked)',
        'pictures/a.svg <- public/images/a.svg (linked)',
      ],
    });
  });

  it('refuses a link to any folder or file of the project outside public/, and to the project and the folder around it', async () => {
    // Every folder of this checkout, as a project of the same shape: a link to content/ would publish drafts, one to src/ the generator.
    const folders = projectFolders(CHECKOUT);
    expect(folders).toEqual(expect.arrayContaining(['content', 'content/articles', 'src', 'templates', 'tests', 'bin', 'docs', '.github']));
    for (const folder of folders) await write(`${folder}/file.txt`);
    const targets = [
      ...folders,
      ...folders.map((folder) => `${folder}/file.txt`),
      '.',
      '.env',
      '.git/config',
      'node_modules',
      '.sitegen-cache',
      'dist',
      'dist/index.html',
      'site-out',
      '..',
    ];
    for (const [i, target] of targets.entries()) await symlink(path.relative(at('public'), path.resolve(root, target)) || '.', at(`public/to-${i}`));
    const { problems, files } = walked();
    expect(problems).toEqual(targets.map((_, i) => `public/to-${i} error public/link-outside`).sort((a, b) => (a < b ? -1 : 1)));
    expect(files).toEqual(['favicon.svg <- public/favicon.svg', 'images/a.svg <- public/images/a.svg']);
  });

  it('says why a link is refused, naming where it leads', async () => {
    await link('public/drafts', 'content');
    await link('public/gitconfig', '.git/config');
    await link('public/project', '.');
    await symlink('/etc/passwd', at('public/pw.txt'));
    await write('public/.secret/key.txt');
    await link('public/key.txt', 'public/.secret/key.txt');
    expect(publicFiles(at('public'), root).diagnostics.map((d) => `${path.relative(root, d.file)}: ${d.message}`)).toEqual([
      'public/.secret: this folder is not published: names starting with a dot are never published',
      'public/drafts: this link in public/ leads outside public/ (to content), and would publish it: copy the file into public/ instead',
      'public/gitconfig: this link in public/ leads outside public/ (to .git/config), and would publish it: copy the file into public/ instead',
      'public/key.txt: this link in public/ leads to public/.secret/key.txt, inside public/.secret/, a folder whose name starts with a dot, and would publish it: copy the file into public/ instead',
      'public/project: this link in public/ leads outside public/ (to the project folder itself), and would publish it: copy the file into public/ instead',
      'public/pw.txt: this link in public/ leads outside public/ (to /etc/passwd), and would publish it: copy the file into public/ instead',
    ]);
  });

  it('never holds, even inside public/, a dot-name, node_modules/ or an output of sitegen reached through a link', async () => {
    await write('public/.env', 'TOKEN=secret');
    await write('public/kit/node_modules/pkg/index.js');
    await write('public/kit/site-out/.sitegen-output');
    await write('public/kit/site-out/index.html');
    await write('public/kit/logo.svg');
    await link('public/env.txt', 'public/.env');
    await link('public/dep.js', 'public/kit/node_modules/pkg/index.js');
    await link('public/out', 'public/kit/site-out');
    await link('public/brand', 'public/kit');
    expect(walked()).toEqual({
      problems: [
        'public/.env warning public/dotfile',
        'public/brand/node_modules error public/link-private',
        'public/brand/site-out error public/link-private',
        'public/dep.js error public/link-private',
        'public/env.txt error public/link-private',
        'public/kit/site-out/.sitegen-output warning public/dotfile',
        'public/out error public/link-private',
      ],
      files: [
        'brand/logo.svg <- public/kit/logo.svg (linked)',
        'favicon.svg <- public/favicon.svg',
        'images/a.svg <- public/images/a.svg',
        'kit/logo.svg <- public/kit/logo.svg',
        'kit/node_modules/pkg/index.js <- public/kit/node_modules/pkg/index.js',
        'kit/site-out/index.html <- public/kit/site-out/index.html',
      ],
    });
  });

  it('holds a linked folder to the same rules: its dotfiles are left out, its links out of public/ refused', async () => {
    await write('public/kit/.env', 'TOKEN=secret');
    await write('public/kit/logo.svg');
    await symlink('../../.git/config', at('public/kit/gitconfig'));
    await symlink('../..', at('public/kit/up'));
    await link('public/brand', 'public/kit');
    expect(walked().problems).toEqual([
      'public/brand/.env warning public/dotfile',
      'public/brand/gitconfig error public/link-outside',
      'public/brand/up error public/link-outside',
      'public/kit/.env warning public/dotfile',
      'public/kit/gitconfig error public/link-outside',
      'public/kit/up error public/link-outside',
    ]);
  });

  it('refuses a link back to a folder that holds it, which would never end', async () => {
    await link('public/images/again', 'public');
    await link('public/images/self', 'public/images');
    expect(walked().problems).toEqual(['public/images/again error public/link-loop', 'public/images/self error public/link-loop']);
  });

  it('leaves out every name starting with a dot, plain files and folders alike, with a warning naming each', async () => {
    await write('public/.env', 'TOKEN=secret');
    await write('public/.git/config', '[core]');
    await write('public/images/.DS_Store');
    await link('public/.hidden.svg', 'public/images/a.svg');
    expect(walked()).toEqual({
      problems: [
        'public/.env warning public/dotfile',
        'public/.git warning public/dotfile',
        'public/.hidden.svg warning public/dotfile',
        'public/images/.DS_Store warning public/dotfile',
      ],
      files: ['favicon.svg <- public/favicon.svg', 'images/a.svg <- public/images/a.svg'],
    });
  });

  it('refuses links that lead nowhere', async () => {
    await symlink('no-such-file.svg', at('public/gone.svg'));
    expect(walked().problems).toEqual(['public/gone.svg error public/dangling-link']);
  });

  it('refuses public/ itself as a link to the project, a folder of it or a folder around it, and publishes nothing', async () => {
    await rm(at('public'), { recursive: true });
    for (const target of ['.', 'content', 'drawings', '..', '/']) {
      await rm(at('public'), { force: true });
      await symlink(target, at('public'));
      expect(walked(), target).toEqual({ problems: ['public error public/linked-folder'], files: [] });
    }
  });

  it('takes public/ as a link to a folder outside the project, holding its links inside that folder', async () => {
    const shared = await mkdtemp(path.join(os.tmpdir(), 'sitegen-shared-'));
    try {
      await writeFile(path.join(shared, 'logo.svg'), '<svg/>');
      await symlink('logo.svg', path.join(shared, 'mark.svg'));
      await symlink(path.relative(shared, at('content')), path.join(shared, 'drafts'));
      await rm(at('public'), { recursive: true });
      await symlink(shared, at('public'));
      const { files, diagnostics } = publicFiles(at('public'), root);
      expect(diagnostics.map((d) => `${path.relative(root, d.file)} ${d.rule}`)).toEqual(['public/drafts public/link-outside']);
      expect(files.map((f) => f.rel)).toEqual(['logo.svg', 'mark.svg']);
    } finally {
      await rm(shared, { recursive: true, force: true });
    }
  });
});

/** Every folder of a project, relative to it, except public/ and what is never a project's own (dependencies, git's objects, sitegen's stores). */
function projectFolders(project: string): string[] {
  const found: string[] = [];
  const walk = (rel: string) => {
    for (const entry of readdirSync(path.join(project, rel), { withFileTypes: true })) {
      const at = rel ? `${rel}/${entry.name}` : entry.name;
      if (!entry.isDirectory() || /^(public|node_modules|\.git|\.sitegen-cache|\.dist\.sitegen)$/.test(entry.name)) continue;
      found.push(at);
      walk(at);
    }
  };
  walk('');
  return found;
}
