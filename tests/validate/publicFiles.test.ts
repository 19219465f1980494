import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, readlink, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { treeHashes } from '../helpers/fixture.ts';
import { projectCopy, type Project } from '../helpers/project.ts';

let project: Project;
beforeAll(async () => {
  project = await projectCopy();
  const first = await project.run(['build']);
  expect(first.code, first.stderr).toBe(0);
});
afterAll(() => project?.remove());

async function write(rel: string, text: string) {
  await mkdir(path.dirname(project.file(rel)), { recursive: true });
  await writeFile(project.file(rel), text);
}
const svg = (body: string, attributes = '') => `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"${attributes}>${body}</svg>\n`;
/** The problem lines sitegen printed about public/ (the hint lines after them left out). */
const aboutPublic = (stdout: string) => stdout.split('\n').filter((line) => line.startsWith('public/'));

describe('public/ publishes only what is safe to serve', () => {
  it('refuses an unsafe SVG, HTML or XML file that no page names, at any depth, in check and build, and the build writes nothing new', async () => {
    // As the hostile trial found it: a script SVG no page names, in a folder of article images.
    const script = svg('<script>alert(document.domain)</script>');
    await write('public/images/articles/script.svg', script);
    await write('public/images/deep/er/LOUD.SVG', svg('', '\n  onload="alert(1)"'));
    // A link is checked as what it publishes, as well as the file it leads to.
    const embedding = svg('<foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>');
    await write('public/drawings/evil.svg', embedding);
    await symlink('../drawings/evil.svg', project.file('public/images/linked.svg'));
    const xhtml = '<html xmlns="http://www.w3.org/1999/xhtml"><body><script>alert(1)</script></body></html>';
    await write('public/report.xhtml', xhtml);
    const xml = '<?xml version="1.0"?>\n<list><h:img xmlns:h="http://www.w3.org/1999/xhtml" src="x" onerror="alert(1)"/></list>';
    await write('public/data/list.xml', xml);
    const before = { link: await readlink(project.out), files: await treeHashes(project.out) };

    const column = (text: string, culprit: string) => text.slice(text.lastIndexOf('\n', text.indexOf(culprit)) + 1).indexOf(culprit) + 1;
    const unsafe = "would run in the site's origin";
    const expected = [
      `public/data/list.xml:2:${column(xml, 'onerror')}  this file is served as text/xml, a document that ${unsafe}: it has an event attribute (onerror)  [public/unsafe-document]`,
      `public/drawings/evil.svg:1:${column(embedding, '<foreignObject')}  this SVG is published as it is, and ${unsafe}: it embeds HTML (<foreignObject>)  [image/unsafe-svg]`,
      `public/images/articles/script.svg:1:${column(script, '<script')}  this SVG is published as it is, and ${unsafe}: it holds a <script>  [image/unsafe-svg]`,
      `public/images/deep/er/LOUD.SVG:2:3  this SVG is published as it is, and ${unsafe}: it has an event attribute (onload)  [image/unsafe-svg]`,
      `public/images/linked.svg:1:${column(embedding, '<foreignObject')}  this SVG is published as it is, and ${unsafe}: it embeds HTML (<foreignObject>)  [image/unsafe-svg]`,
      `public/report.xhtml:1:${column(xhtml, '<script')}  this file is served as application/xhtml+xml, a document that ${unsafe}: it holds a <script>  [public/unsafe-document]`,
    ];
    for (const command of ['check', 'build']) {
      const { code, stdout } = await project.run([command]);
      expect(code, command).toBe(1);
      expect(aboutPublic(stdout), command).toEqual(expected);
    }
    expect(await readlink(project.out)).toBe(before.link);
    expect(await treeHashes(project.out)).toEqual(before.files);

    for (const rel of [
      'public/images/articles/script.svg',
      'public/images/deep',
      'public/drawings',
      'public/images/linked.svg',
      'public/report.xhtml',
      'public/data',
    ])
      await rm(project.file(rel), { recursive: true });
  });

  it('publishes a safe SVG and a plain verification file no page names, and never a dotfile, which it names in a warning', async () => {
    await write('public/images/unused/plain.svg', svg('<rect width="10" height="10" fill="#0a7a52"/>'));
    await write('public/google1234abcd.html', 'google-site-verification: google1234abcd.html\n');
    await write('public/.env', 'TOKEN=secret\n');
    await write('public/.git/config', '[core]\n');
    const { code, stdout } = await project.run(['build']);
    expect(code, stdout).toBe(0);
    expect(aboutPublic(stdout)).toEqual([
      'public/.env:1:1  warning: this file is not published: names starting with a dot are never published  [public/dotfile]',
      'public/.git:1:1  warning: this folder is not published: names starting with a dot are never published  [public/dotfile]',
    ]);
    expect(await readFile(path.join(project.out, 'images/unused/plain.svg'), 'utf8')).toBe(svg('<rect width="10" height="10" fill="#0a7a52"/>'));
    expect(existsSync(path.join(project.out, 'google1234abcd.html'))).toBe(true);
    const published = await readdir(project.out, { recursive: true });
    expect(published.filter((f) => f.includes('.env') || f.includes('.git'))).toEqual([]);
    for (const rel of ['public/images/unused', 'public/google1234abcd.html', 'public/.env', 'public/.git']) await rm(project.file(rel), { recursive: true });
  });

  it('refuses a file where the build writes one (a page, the sitemap, anything in assets/), in check and build, at the file, with its hint', async () => {
    // A page of the site, whichever: its folder in the last build's output.
    const page = (await readdir(path.join(project.out, 'articles'), { withFileTypes: true })).find((e) => e.isDirectory())!.name;
    const shadowing = [`public/articles/${page}/index.html`, 'public/sitemap.xml', 'public/assets/terms.txt'];
    for (const rel of shadowing) await write(rel, rel.endsWith('.xml') ? '<urlset/>\n' : 'v1\n');
    const before = await readlink(project.out);
    for (const command of ['check', 'build']) {
      const { code, stdout } = await project.run([command]);
      expect(code, command).toBe(1);
      expect(aboutPublic(stdout), command).toEqual([
        `public/articles/${page}/index.html:1:1  the build writes the page /articles/${page} at /articles/${page}/index.html: it would replace this file without a word  [public/build-path]`,
        "public/assets/terms.txt:1:1  /assets/terms.txt is in /assets/, the build's own folder of files named by their content, which browsers and CDNs keep for a year  [public/build-path]",
        'public/sitemap.xml:1:1  the build writes the sitemap at /sitemap.xml: it would replace this file without a word  [public/build-path]',
      ]);
      expect(stdout).toContain('move or rename it');
    }
    expect(await readlink(project.out)).toBe(before);
    await rm(project.file('public/assets'), { recursive: true });
    await rm(project.file('public/articles'), { recursive: true });
    await rm(project.file('public/sitemap.xml'));
  });
});
