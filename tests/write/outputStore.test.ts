import { readdir, readFile, readlink, rm } from 'node:fs/promises';
import type http from 'node:http';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeForOutputPath } from '../../src/routes/outputPath.ts';
import { createSiteServer, listen } from '../../src/serve/server.ts';
import { OUTPUT_MARKER } from '../../src/write/outputStore.ts';
import { treeHashes } from '../helpers/fixture.ts';
import { syntheticArticle } from '../../bin/syntheticArticles.mjs';
import { finished, projectCopy, seededRandom, type Project } from '../helpers/project.ts';

/** Two states of one article; its title shows on every page that lists articles, so a switch rewrites most of the site. */
const ARTICLE = 'content/articles/synthetic-1.md';
const TITLES = [/^title: .*$/m.exec(syntheticArticle(1))![0], 'title: "Renamed article 1"'];
const setTitle = (project: Project, state: number) => project.edit(ARTICLE, (t) => t.replace(TITLES[1 - state]!, TITLES[state]!));

type Hashes = Record<string, string>;
const same = (a: Hashes, b: Hashes) => JSON.stringify(a) === JSON.stringify(b);

let project: Project;
/** The output of an uninterrupted build of each state. */
const golden: Hashes[] = [];
/** How long a build of each kind takes, run as users run it (ms). */
let warmMs = 0;
let coldMs = 0;

beforeAll(async () => {
  // A few hundred articles: large enough that a build has a real timeline (and cold builds use
  // worker threads). The fixture site around them: the real site's images would only make cold builds longer.
  project = await projectCopy({ content: 'fixture', articles: 300, env: { SITEGEN_WORKER_THRESHOLD: '300' } });
  await project.git('init', '-q');
  await project.git('add', '-A');
  let t = Date.now();
  expect((await project.run(['build'])).code).toBe(0);
  coldMs = Date.now() - t;
  golden[0] = await treeHashes(project.out);
  // Warm builds that render every page again (the title is on every list): the slower of two.
  for (const state of [1, 0, 1]) {
    await setTitle(project, state);
    t = Date.now();
    expect((await project.run(['build'])).code).toBe(0);
    warmMs = Math.max(warmMs, Date.now() - t);
  }
  golden[1] = await treeHashes(project.out);
  expect(same(golden[0], golden[1])).toBe(false);
}, 120_000);
afterAll(() => project?.remove());

/** The version folders in the output's store. */
const versions = async (p: Project) => (await readdir(path.join(p.root, '.dist.sitegen')).catch(() => [] as string[])).filter((name) => /^\d{13}-/.test(name));

/** Polls (every 2 ms) until `condition` holds or `stop` says the process is gone. */
async function until(condition: () => Promise<boolean>, stop: () => boolean): Promise<void> {
  while (!stop() && !(await condition())) await sleep(2);
}

/** Every file and folder a build may leave behind, wherever it is. */
async function leftovers(p: Project): Promise<string[]> {
  const store = path.join(p.root, '.dist.sitegen');
  const versions = (await readdir(store)).filter((name) => !['.gitignore', '.sitegen-store'].includes(name));
  const complete = await Promise.all(versions.map(async (name) => (await readdir(path.join(store, name))).includes(OUTPUT_MARKER)));
  const found = [
    ...versions.filter((_, i) => !complete[i]).map((name) => `unfinished version ${name}`),
    ...(await readdir(p.root)).filter((name) => /staging|previous|\.tmp-/.test(name)),
    ...(await readdir(p.cache, { recursive: true })).filter((name) => /\.tmp-|\.lock$/.test(name)),
  ];
  // The current version and the previous one (kept for readers mid-switch); nothing older.
  if (versions.length > 2) found.push(`${versions.length} versions`);
  return found;
}

describe('a build killed at any instant', () => {
  it('leaves the output byte-identical to the previous or the new build, and the next build cleans up', async () => {
    const random = seededRandom(20261130);
    // Each of the three kinds of run below once with a cache and once without: a repetition of a kind adds time, not a case.
    const runs = 6;
    const outcomes = { previous: 0, new: 0, completed: 0 };
    let state = 1;
    for (let run = 0; run < runs; run++) {
      const before = await treeHashes(project.out);
      state = 1 - state;
      await setTitle(project, state);
      // The second half starts without a cache: the markdown goes to worker threads and the assets are compiled.
      const cold = run >= runs / 2;
      if (cold) await rm(project.cache, { recursive: true, force: true });
      const versionsBefore = await versions(project);
      const linkBefore = await readlink(project.out);
      const child = project.start(['build']);
      const ended = finished(child);
      let exited = false;
      void ended.then(() => (exited = true));
      // Three kinds of run in turn: a kill anywhere from the start of the process to a little
      // past its usual end; one while the new version is written and switched in (timed from
      // the moment its folder appears); one while the cache is saved (timed from the switch).
      const mode = run % 3;
      let delay = 1.2 * random() * (cold ? coldMs : warmMs);
      if (mode === 1) {
        await until(
          async () => (await versions(project)).some((v) => !versionsBefore.includes(v)),
          () => exited,
        );
        delay = 300 * random();
      } else if (mode === 2) {
        await until(
          async () => (await readlink(project.out)) !== linkBefore,
          () => exited,
        );
        delay = 100 * random();
      }
      const completed = await Promise.race([sleep(delay).then(() => exited), ended.then(() => true)]);
      child.kill('SIGKILL');
      await ended;
      const after = await treeHashes(project.out);
      const outcome = completed ? 'completed' : same(after, before) ? 'previous' : same(after, golden[state]!) ? 'new' : 'neither';
      expect(outcome, `run ${run}, killed after ${Math.round(delay)} ms`).not.toBe('neither');
      if (outcome === 'completed') expect(after).toEqual(golden[state]);
      outcomes[outcome as keyof typeof outcomes]++;
    }
    console.info(
      `kill-anywhere: ${runs} builds (warm ${warmMs} ms, cold ${coldMs} ms): killed leaving the previous site ${outcomes.previous}, killed leaving the new one ${outcomes.new}, finished first ${outcomes.completed}`,
    );
    expect(outcomes.previous).toBeGreaterThan(0);
    expect(outcomes.new).toBeGreaterThan(0);

    // Whatever the killed builds left is out of sight of git and the linter, even before the next build cleans it.
    expect((await project.git('status', '--porcelain')).split('\n').filter((line) => line.startsWith('??'))).toEqual([]);
    await project.lintLeftovers();

    const next = await project.run(['build', '--verbose']);
    expect(next.code, next.stderr).toBe(0);
    expect(await treeHashes(project.out)).toEqual(golden[state]);
    expect(await leftovers(project)).toEqual([]);
    // The same content built cold, without any cache, into another folder.
    await rm(project.cache, { recursive: true, force: true });
    expect((await project.run(['build', '--out', 'cold'])).code).toBe(0);
    expect(await treeHashes(project.file('cold'))).toEqual(await treeHashes(project.out));
  }, 300_000);
});

describe('readers while builds replace the output', () => {
  let server: http.Server;
  afterAll(() => new Promise((resolve) => server?.close(resolve)));

  it('never get a 404 or a 5xx for a page that exists in both builds, nor a page of neither', async () => {
    server = createSiteServer(project.out);
    const origin = `http://127.0.0.1:${await listen(server, 0)}`;
    const files = (await readdir(project.out, { recursive: true })).filter((f) => f.endsWith('.html') && f !== '404.html');
    const routes = files.map((f) => routeForOutputPath(f)!);
    let state = (await readFile(project.file(ARTICLE), 'utf8')).includes(TITLES[1]!) ? 1 : 0;
    let building = true;
    const builds = (async () => {
      for (let i = 0; i < 3; i++) {
        state = 1 - state;
        await setTitle(project, state);
        expect((await project.run(['build'])).code).toBe(0);
      }
      building = false;
    })();
    const problems: string[] = [];
    const titlesSeen = new Set<string>();
    let requests = 0;
    const reader = async (offset: number) => {
      for (let i = offset; building && requests < 20_000; i += 4) {
        requests++;
        const route = routes[i % routes.length]!;
        const res = await fetch(origin + route);
        const html = await res.text();
        if (res.status !== 200 || !html.trimEnd().endsWith('</html>')) problems.push(`${route}: ${res.status}`);
        if (route === '/articles/synthetic-1') titlesSeen.add(html.includes('Renamed article 1') ? 'renamed' : 'original');
      }
    };
    await Promise.all([builds, ...[0, 1, 2, 3].map(reader)]);
    console.info(`readers: ${requests} requests while 3 builds replaced the output`);
    expect(problems).toEqual([]);
    // The readers really saw the site change under them.
    expect(titlesSeen.size).toBe(2);
  }, 120_000);
});

describe('an output that lost its link', () => {
  it('is restored from its newest complete version by the next build, even one that fails', async () => {
    const before = await treeHashes(project.out);
    await rm(project.out);
    await project.edit('content/site.yaml', (t) => t.replace('\nname:', '\nname: [broken'));
    const { code } = await project.run(['build']);
    await project.edit('content/site.yaml', (t) => t.replace('\nname: [broken', '\nname:'));
    expect(code).toBe(1);
    expect(await treeHashes(project.out)).toEqual(before);
  });
});
