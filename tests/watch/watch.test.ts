import { readFileSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ChildProcess } from 'node:child_process';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resolvePaths, WATCH_OUT } from '../../src/config.ts';
import type { ProgressReporter } from '../../src/progress.ts';
import { BUILT_LINE } from '../../src/watch/buildReport.ts';
import { watchSite, type Watcher } from '../../src/watch/watch.ts';
import { fixtureCopy, treeHashes } from '../helpers/fixture.ts';
import { requestAs } from '../helpers/hostRequest.ts';
import { finished, projectCopy, type Project, type RunResult } from '../helpers/project.ts';
import { anArticle } from '../helpers/realContent.ts';

const EDITED = 'Inventory edited while a build ran';
/** An article of the real site, which the project copies' tests edit and read. */
const ARTICLE = anArticle('to edit');
const ARTICLE_ROUTE = `/articles/${ARTICLE.slug}`;

/** Waits until the page at `route` holds `text` (or 20 s pass), and says whether it did. */
async function served(port: number, route: string, text: string): Promise<boolean> {
  for (let i = 0; i < 400; i++) {
    const response = await fetch(`http://127.0.0.1:${port}${route}`).catch(() => undefined);
    if (response?.ok && (await response.text()).includes(text)) return true;
    await sleep(50);
  }
  return false;
}

describe('watch loses no edit', () => {
  let fx: Awaited<ReturnType<typeof fixtureCopy>>;
  let watcher: Watcher | undefined;
  afterEach(async () => {
    await watcher?.close();
    watcher = undefined;
    await fx.remove();
  });

  const edit = () => {
    const file = fx.file('articles/first-steps.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^title: .*$/m, `title: ${EDITED}`));
  };

  it('serves an edit saved the instant its first build finishes, before it was announced', async () => {
    fx = await fixtureCopy();
    let edited = false;
    // Saved synchronously as the first build reports: the files must already be watched by then.
    const log = (line: string) => {
      if (edited || !line.startsWith('rebuilt ')) return;
      edited = true;
      edit();
    };
    watcher = await watchSite(resolvePaths({ content: fx.content, out: fx.out }), { port: 0, fixed: true }, { log });
    expect(edited).toBe(true);
    expect(await served(watcher.port, '/articles/first-steps', EDITED)).toBe(true);
  });

  it('serves an edit saved in two parts, the first of them a broken file, once the second is written', async () => {
    fx = await fixtureCopy();
    const lines: string[] = [];
    watcher = await watchSite(resolvePaths({ content: fx.content, out: fx.out }), { port: 0, fixed: true }, { log: (line) => lines.push(line) });
    const file = fx.file('articles/first-steps.md');
    const whole = readFileSync(file, 'utf8').replace(/^title: .*$/m, `title: ${EDITED}`);
    // An editor that writes in parts: the first stops inside the frontmatter, which has no end yet.
    const cut = whole.indexOf('\n', whole.indexOf(EDITED));
    writeFileSync(file, whole.slice(0, cut));
    await sleep(200);
    writeFileSync(file, whole);
    expect(await served(watcher.port, '/articles/first-steps', EDITED)).toBe(true);
    // The last build is of the whole file: nothing of the broken part is left to report (the site is back, if a build showed it).
    const ended = () => BUILT_LINE.test(lines.at(-1) ?? '') || lines.at(-1)?.startsWith('fixed: ');
    for (let i = 0; i < 100 && !ended(); i++) await sleep(50);
    expect(lines.at(-1)).toMatch(/^(rebuilt \d+ of \d+ pages|fixed: no problems left, the site is live again at http:\/\/localhost:\d+$)/);
  });

  it('serves an edit saved 1 s after it starts, while its first build runs', async () => {
    fx = await fixtureCopy();
    const saved = sleep(1000).then(edit);
    watcher = await watchSite(resolvePaths({ content: fx.content, out: fx.out }), { port: 0, fixed: true }, { log: () => undefined });
    await saved;
    expect(await served(watcher.port, '/articles/first-steps', EDITED)).toBe(true);
  });

  it('says what its first build is doing, phase by phase, and clears the line before it reports', async () => {
    fx = await fixtureCopy();
    const events: string[] = [];
    const progress = (): ProgressReporter => ({
      update: ({ phase }) => events.at(-1) !== phase && events.push(phase),
      done: () => events.at(-1) !== 'done' && events.push('done'),
    });
    const log = (line: string) => events.push(line.replace(/\d+ ms$/, 'N ms'));
    // A cache of its own: with the project's, a build of another test file may hold the lock, and watch would say it waits.
    const paths = { ...resolvePaths({ content: fx.content, out: fx.out }), cache: path.join(fx.dir, 'cache') };
    watcher = await watchSite(paths, { port: 0, fixed: true }, { log, showProgress: progress });
    expect(events).toEqual([
      'reading',
      'analysing',
      'validating',
      'rendering',
      'images',
      'writing',
      'done',
      expect.stringMatching(/^rebuilt (\d+) of \1 pages in N ms$/),
    ]);
  });
});

describe('watch sees an image of public/ change', () => {
  it('renders the pages that show an SVG again with its new size, though no content changed', async () => {
    const project = await projectCopy({ content: 'fixture' });
    let watcher: Watcher | undefined;
    try {
      watcher = await watchSite(resolvePaths({ root: project.root, out: project.file(WATCH_OUT) }), { port: 0, fixed: true }, { log: () => undefined });
      const image = async () =>
        /<img src="\/images\/articles\/value-banks\.svg"[^>]* width="(\d+)" height="(\d+)"/
          .exec(await (await fetch(`http://127.0.0.1:${watcher!.port}/articles/first-steps`)).text())
          ?.slice(1);
      expect(await image()).toEqual(['1200', '675']);
      // As the hostile trial drew it again: a new size, and nothing else of the site changed.
      const next = watcher.nextBuild();
      await project.edit('public/images/articles/value-banks.svg', (svg) => svg.replace('width="1200" height="675"', 'width="1234" height="600"'));
      expect((await next).type).toBe('built');
      expect(await image()).toEqual(['1234', '600']);
    } finally {
      await watcher?.close();
      await project.remove();
    }
  });
});

describe('watch answers only its own host', () => {
  it('serves a draft to localhost and refuses it, with one line in the terminal, to a page of another name (DNS rebinding)', async () => {
    const fx = await fixtureCopy();
    const lines: string[] = [];
    let watcher: Watcher | undefined;
    try {
      const article = readFileSync(fx.file('articles/first-steps.md'), 'utf8');
      writeFileSync(fx.file('articles/unannounced-partner.md'), article.replace(/^title: .*$/m, 'title: An Unannounced Partner\ndraft: true'));
      watcher = await watchSite(resolvePaths({ content: fx.content, out: fx.out }), { port: 0, fixed: true }, { log: (line) => lines.push(line) });
      const { port } = watcher;
      const own = await requestAs(port, '/articles/unannounced-partner', { Host: `localhost:${port}` });
      expect(own.status).toBe(200);
      expect(own.body).toContain('An Unannounced Partner');
      // As the hostile trial asked it: curl -H 'Host: attacker.example:4197' http://127.0.0.1:4197/articles/<draft>
      const rebound = await requestAs(port, '/articles/unannounced-partner', { Host: `attacker.example:${port}` });
      expect(rebound.status).toBe(403);
      expect(rebound.body).not.toContain('Unannounced');
      expect(lines.filter((line) => line.includes('refused'))).toEqual([
        `sitegen: refused a request for host "attacker.example:${port}": this server answers only localhost, 127.0.0.1 and [::1]; to open it under that name, start it with --allowed-host NAME`,
      ]);
    } finally {
      await watcher?.close();
      await fx.remove();
    }
  });
});

describe('watch builds beside the site', () => {
  it('leaves dist byte for byte what the last build made, and serves its drafts from a folder of its own', async () => {
    const project = await projectCopy();
    try {
      expect((await project.run(['build'])).code).toBe(0);
      const before = await treeHashes(project.out);
      const child = project.start(['watch', '--port', '0']);
      const ended = finished(child);
      let announced = '';
      child.stdout!.on('data', (chunk: Buffer) => (announced += chunk.toString()));
      for (let i = 0; i < 600 && !/localhost:\d+/.test(announced); i++) await sleep(50);
      const port = Number(/localhost:(\d+)/.exec(announced)?.[1]);
      await project.edit(ARTICLE.file, (t) => t.replace(/^title: .*$/m, `title: ${EDITED}`));
      const shown = await served(port, ARTICLE_ROUTE, EDITED);
      child.kill('SIGINT');
      const { code, stderr } = await ended;
      expect({ shown, code }, stderr).toEqual({ shown: true, code: 0 });
      expect(await treeHashes(project.out)).toEqual(before);
      expect(readFileSync(path.join(project.root, WATCH_OUT, `articles/${ARTICLE.slug}/index.html`), 'utf8')).toContain(EDITED);
      // What watch shows is never published: refused before any request (nothing answers at the endpoint).
      for (const prefix of [[], ['--prefix', 'previews/pr-1/']]) {
        const published = await project.run([
          'publish',
          WATCH_OUT,
          '--bucket',
          'www',
          '--endpoint',
          'http://127.0.0.1:9',
          '--region',
          'us-east-1',
          '--dry-run',
          ...prefix,
        ]);
        expect({ code: published.code, stdout: published.stdout }, published.stderr).toEqual({ code: 2, stdout: '' });
        expect(published.stderr).toMatch(/^sitegen publish: \.sitegen-watch\/site is a build with --drafts/);
      }
      // The watch output is git-ignored: a session leaves nothing to commit.
      await project.git('init', '-q');
      expect(await project.git('status', '--porcelain', '--', '.sitegen-watch')).toBe('');
    } finally {
      await project.remove();
    }
  }, 120_000);
});

describe('watch rebuilds what an edit can change', () => {
  let project: Project;
  let child: ChildProcess;
  let ended: Promise<RunResult>;
  let port: number;
  /** The line that ended each build that succeeded so far (`rebuilt K of N pages`, …), and all it printed on stderr. */
  const rebuilt: string[] = [];
  let stderr = '';

  beforeAll(async () => {
    project = await projectCopy();
    child = project.start(['watch', '--port', '0']);
    ended = finished(child);
    let announced = '';
    child.stdout!.on('data', (chunk: Buffer) => (announced += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      rebuilt.push(
        ...chunk
          .toString()
          .split('\n')
          .filter((line) => BUILT_LINE.test(line)),
      );
    });
    for (let i = 0; i < 1200 && !/localhost:\d+/.test(announced); i++) await sleep(50);
    port = Number(/localhost:(\d+)/.exec(announced)?.[1]);
  }, 90_000);
  afterAll(async () => {
    child?.kill('SIGINT');
    await ended;
    await project?.remove();
  });

  /** Waits for the build after the one reported as `after` (or 60 s), and returns its line. */
  async function nextRebuild(after: number): Promise<string | undefined> {
    for (let i = 0; i < 1200 && rebuilt.length <= after; i++) await sleep(50);
    return rebuilt[after];
  }

  const page = async (route: string) => (await fetch(`http://127.0.0.1:${port}${route}`)).text();

  it('compiles the stylesheet again after a stylesheet edit, renders no page, and says so', async () => {
    expect(port).toBeGreaterThan(0);
    const home = await page('/');
    const stylesheet = /<link rel="stylesheet" href="(\/assets\/[^"]+)"/.exec(home)?.[1];
    expect(stylesheet).toBe('/assets/site.css');
    const before = rebuilt.length;
    await project.edit('templates/styles.css', (t) => `${t}\n.watch-edit-marker { outline-offset: 7px; }\n`);
    expect(await nextRebuild(before)).toMatch(/^stylesheet rebuilt \(\/assets\/site\.css\), every page reloaded in \d+ ms$/);
    expect(await page(stylesheet!)).toMatch(/\.watch-edit-marker\{outline-offset:7px\}/);
    // The page is the same, byte for byte (the live-reload script aside, which the server adds).
    expect(await page('/')).toBe(home);
  }, 90_000);

  it("renders again only the pages of an edited template, in the template's new words", async () => {
    const articles = (await readdir(project.file('content/articles'))).length;
    const home = await page('/');
    let before = rebuilt.length;
    await project.edit('templates/pages/Article.tsx', (t) => t.replace('Back to Articles', 'Back to every article'));
    expect(await nextRebuild(before)).toMatch(new RegExp(`^rebuilt ${articles} of \\d+ pages in \\d+ ms$`));
    expect(await page(ARTICLE_ROUTE)).toContain('Back to every article');
    // A YAML page template's edit renders its pages: the one page of the 404 template.
    before = rebuilt.length;
    await project.edit('templates/pages/NotFound.tsx', (t) => t.replace('Error 404', 'Error 404: no such page'));
    expect(await nextRebuild(before)).toMatch(/^rebuilt 1 of \d+ pages in \d+ ms$/);
    expect(await (await fetch(`http://127.0.0.1:${port}/no-such-page`)).text()).toContain('Error 404: no such page');
    // What the edits did not touch is served as it was, and so is what the first edit made.
    expect(await page('/')).toBe(home);
    expect(await page(ARTICLE_ROUTE)).toContain('Back to every article');
  }, 90_000);

  it('says where a template does not compile, serves the last good pages meanwhile, and renders once it is fixed', async () => {
    const good = await page(ARTICLE_ROUTE);
    const said = stderr.length;
    await project.edit('templates/pages/Article.tsx', (t) => t.replace('<span aria-hidden="true">←</span>', '<span aria-hidden="true">←</spam>'));
    for (let i = 0; i < 400 && !stderr.slice(said).includes('</spam>'); i++) await sleep(50);
    // Said once, in plain words framed as esbuild frames it: the fault, its file, line and column, the line and a marker; then a hint and esbuild's words.
    const told = stderr.slice(said);
    expect(told.match(/Unexpected closing "spam" tag/g)).toHaveLength(1);
    expect(told).toMatch(
      /^sitegen: the code does not compile\n✘ \[ERROR\] this closing tag does not close <span>, the element still open here\n\n {4}templates\/pages\/Article\.tsx:\d+:\d+:\n +\d+ │ .*<\/spam>.*\n.*\n\n {2}hint: .*\n {2}esbuild says: Unexpected closing "spam" tag does not match opening "span" tag$/m,
    );
    expect(await page(ARTICLE_ROUTE)).toBe(good);
    const before = rebuilt.length;
    await project.edit('templates/pages/Article.tsx', (t) => t.replace('</spam>', '</span>').replace('Back to every article', 'Back to the articles'));
    expect(await nextRebuild(before)).toMatch(/^rebuilt \d+ of \d+ pages in \d+ ms$/);
    expect(await page(ARTICLE_ROUTE)).toContain('Back to the articles');
  }, 90_000);

  it('checks public/ again after each change in it: an unsafe SVG added while it runs is refused, a safe file is served, and the site said to be back', async () => {
    const said = stderr.length;
    const unsafe = project.file('public/images/watch-added.svg');
    writeFileSync(unsafe, '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>\n');
    for (let i = 0; i < 400 && !stderr.slice(said).includes('[image/unsafe-svg]'); i++) await sleep(50);
    expect(stderr.slice(said)).toMatch(/public\/images\/watch-added\.svg:1:\d+ .*\[image\/unsafe-svg\]/);
    const before = rebuilt.length;
    writeFileSync(unsafe, '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>\n');
    expect(await nextRebuild(before)).toMatch(/^public\/images\/watch-added\.svg updated, every page reloaded in \d+ ms$/);
    for (let i = 0; i < 100 && !stderr.slice(said).includes('fixed: '); i++) await sleep(50);
    expect(stderr.slice(said)).toContain(`\nfixed: no problems left, the site is live again at http://localhost:${port}\n`);
    expect(await page('/images/watch-added.svg')).toContain('<rect width="1" height="1"/>');
  }, 90_000);

  it('renders every page again after an edit of the layout, which every page shows', async () => {
    const before = rebuilt.length;
    await project.edit('templates/layouts/Layout.tsx', (t) => `${t}\n// An edit of the layout.\n`);
    expect(await nextRebuild(before)).toMatch(/^rebuilt (\d+) of \1 pages in \d+ ms$/);
  }, 90_000);

  it('reports a fault in a component every page shows once, with the number of pages it stopped, and serves the fix without rendering a page', async () => {
    const good = await page('/');
    const said = stderr.length;
    const before = rebuilt.length;
    const fault = "{(() => { throw new Error('the footer has no year'); })()}";
    await project.edit('templates/components/Footer.tsx', (t) => t.replace('{`© ${year}', `${fault}{\`© \${year}`));
    for (let i = 0; i < 600 && !stderr.slice(said).includes('the footer has no year'); i++) await sleep(50);
    const report = stderr.slice(said).split('\n');
    const first = report.findIndex((line) => line.includes('the footer has no year'));
    // The site's pages, as the last build that rendered some counted them.
    const pages = Number(
      rebuilt
        .map((line) => / of (\d+) pages/.exec(line)?.[1])
        .filter(Boolean)
        .at(-1),
    );
    expect(report[first]).toMatch(
      new RegExp(`^sitegen: content/[^:]+: rendering /[^ ]* failed: the footer has no year \\(and ${pages - 1} other pages: look in the code they share\\)$`),
    );
    // The function that threw (an anonymous one in Footer), then Footer itself, with their lines.
    expect(report[first + 1]).toMatch(/^\s+at <anonymous> \(templates\/components\/Footer\.tsx:\d+:\d+\)$/);
    expect(report).toContainEqual(expect.stringMatching(/^\s+at Footer \(templates\/components\/Footer\.tsx:\d+:\d+\)$/));
    expect(report.filter((line) => / failed: /.test(line))).toHaveLength(1);
    expect(await page('/')).toBe(good);
    await project.edit('templates/components/Footer.tsx', (t) => t.replace(fault, ''));
    expect(await nextRebuild(before)).toMatch(/^no page or file changed in \d+ ms \(\d+ pages as they were\)$/);
  }, 90_000);

  it('reports a build whose worker ended mid-way (a template calling process.exit) as a crash, and builds again after the next edit', async () => {
    const good = await page(ARTICLE_ROUTE);
    const said = stderr.length;
    await project.edit('templates/pages/Article.tsx', (t) => t.replace(/^(export function Article\(.*\{)$/m, '$1\n  if (article.slug) process.exit(3);'));
    for (let i = 0; i < 600 && !stderr.slice(said).includes('exit code 3'); i++) await sleep(50);
    expect(stderr.slice(said)).toContain('sitegen: the build worker stopped (exit code 3)');
    expect(await page(ARTICLE_ROUTE)).toBe(good);
    const before = rebuilt.length;
    await project.edit('templates/pages/Article.tsx', (t) => t.replace('\n  if (article.slug) process.exit(3);', ''));
    expect(await nextRebuild(before)).toMatch(/^rebuilt (\d+) of \1 pages in \d+ ms$/);
  }, 90_000);
});
