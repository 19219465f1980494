import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { publicFiles } from '../../src/load/publicFiles.ts';

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
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('what public/ publishes', () => {
  it('is its files, and the files its links inside the project lead to', async () => {
    await link('public/logo.svg', 'drawings/logo.svg');
    await link('public/drawings', 'drawings');
    expect(walked()).toEqual({
      problems: [],
      files: [
        'drawings/logo.svg <- drawings/logo.svg (linked)',
        'favicon.svg <- public/favicon.svg',
        'images/a.svg <- public/images/a.svg',
        'logo.svg <- drawings/logo.svg (linked)',
      ],
    });
  });

  it('never holds a link into .git/, node_modules/, a cache, an output or a dotfile, even inside the project', async () => {
    await link('public/gitconfig', '.git/config');
    await link('public/env.txt', '.env');
    await link('public/dep.js', 'node_modules/pkg/index.js');
    await link('public/cache', '.sitegen-cache');
    await link('public/images/old.html', 'dist/index.html');
    await link('public/out', 'site-out');
    await link('public/marked.html', 'site-out/index.html');
    await link('public/project', '.');
    expect(walked()).toEqual({
      problems: [
        'public/cache error public/link-private',
        'public/dep.js error public/link-private',
        'public/env.txt error public/link-private',
        'public/gitconfig error public/link-private',
        'public/images/old.html error public/link-private',
        'public/marked.html error public/link-private',
        'public/out error public/link-private',
        'public/project error public/link-private',
      ],
      files: ['favicon.svg <- public/favicon.svg', 'images/a.svg <- public/images/a.svg'],
    });
  });

  it('says why a link is refused, naming where it leads', async () => {
    await link('public/gitconfig', '.git/config');
    await link('public/dep.js', 'node_modules/pkg/index.js');
    await link('public/out', 'site-out');
    await link('public/env.txt', '.env');
    expect(publicFiles(at('public'), root).diagnostics.map((d) => d.message)).toEqual([
      "this link in public/ leads to node_modules/pkg/index.js, inside node_modules/, the project's dependencies, and would publish it: copy the file into public/ instead",
      'this link in public/ leads to .env, a name starting with a dot, and would publish it: copy the file into public/ instead',
      'this link in public/ leads to .git/config, inside .git/, a folder whose name starts with a dot, and would publish it: copy the file into public/ instead',
      'this link in public/ leads to site-out, inside site-out/, an output of sitegen, and would publish it: copy the file into public/ instead',
    ]);
  });

  it('holds a linked folder to the same rules: its dotfiles are left out, its private parts and its links refused', async () => {
    await write('drawings/.env', 'TOKEN=secret');
    await symlink('../.git/config', at('drawings/gitconfig'));
    await symlink('..', at('drawings/up'));
    await link('public/drawings', 'drawings');
    // A link to a folder inside public/ is no loop: its files are published twice.
    await link('public/loop', 'public/images');
    expect(walked()).toEqual({
      problems: [
        'public/drawings/.env warning public/dotfile',
        'public/drawings/gitconfig error public/link-private',
        'public/drawings/up error public/link-private',
      ],
      files: [
        'drawings/logo.svg <- drawings/logo.svg (linked)',
        'favicon.svg <- public/favicon.svg',
        'images/a.svg <- public/images/a.svg',
        'loop/a.svg <- public/images/a.svg (linked)',
      ],
    });
  });

  it('refuses a link back to a folder that holds it, which would never end', async () => {
    await link('public/images/again', 'public');
    await link('public/images/self', 'public/images');
    expect(walked().problems).toEqual(['public/images/again error public/link-loop', 'public/images/self error public/link-loop']);
  });

  it('refuses, through a link to a folder around public/, what that folder keeps private', async () => {
    await mkdir(at('site'));
    await write('site/node_modules/x.js');
    await write('site/page.txt');
    await link('public/site', 'site');
    expect(walked()).toEqual({
      problems: ['public/site/node_modules error public/link-private'],
      files: ['favicon.svg <- public/favicon.svg', 'images/a.svg <- public/images/a.svg', 'site/page.txt <- site/page.txt (linked)'],
    });
  });

  it('leaves out every name starting with a dot, plain files and folders alike, with a warning naming each', async () => {
    await write('public/.env', 'TOKEN=secret');
    await write('public/.git/config', '[core]');
    await write('public/images/.DS_Store');
    await link('public/.hidden.svg', 'drawings/logo.svg');
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

  it('still refuses links that lead outside the project or nowhere', async () => {
    await symlink('/etc/passwd', at('public/pw.txt'));
    await symlink('no-such-file.svg', at('public/gone.svg'));
    expect(walked().problems).toEqual(['public/gone.svg error public/dangling-link', 'public/pw.txt error public/link-outside']);
  });
});
