import { appendFile, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolvePaths } from '../../src/config.ts';
import { CHANGES, STORES, type BuilderStore, type Change, type Effect, type StoreName } from '../../src/pipeline/betweenBuilds.ts';
import { Builder } from '../../src/pipeline/builder.ts';
import { WATCH_BUILDER } from '../../src/watch/watchBuilder.ts';
import { projectCopy, type Project } from '../helpers/project.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Each kind of change as a user makes it, in a copy of the fixture site with an article whose
 * thumbnail is a photo (processed images): what it edits, and the files it changed.
 */
const EDITS: Record<Change, (project: Project) => Promise<string[]>> = {
  content: async (project) => {
    // A word of its body: its summary (title, excerpt, reading time) stays as it was.
    await project.edit('content/articles/second-look.md', (text) => text.replace('Keep proof of every deliverable.', 'Keep proof of each deliverable.'));
    return [project.file('content/articles/second-look.md')];
  },
  configuration: async (project) => {
    await project.edit('content/site.yaml', (text) => text.replace(/^(name: .*)$/m, '$1 Online'));
    return [project.file('content/site.yaml')];
  },
  template: async (project) => {
    await project.edit('templates/pages/LegalDocument.tsx', (text) => `${text}\n// Legal documents read best at one column.\n`);
    return [project.file('templates/pages/LegalDocument.tsx')];
  },
  stylesheet: async (project) => {
    await appendFile(project.file('templates/styles.css'), '\n.legal-note { font-style: italic; }\n');
    return [project.file('templates/styles.css')];
  },
  public: async (project) => {
    // Bytes after a JPEG's end are ignored by decoders: the photo looks the same, its hash is another.
    await appendFile(project.file('public/images/articles/pga-canada-case-study.jpg'), Buffer.from([0]));
    return [project.file('public/images/articles/pga-canada-case-study.jpg')];
  },
  // A dependency updated: the locked versions are part of the generator's code.
  generator: async (project) => {
    await project.edit('package-lock.json', (text) => text.replace(/"lockfileVersion": (\d+)/, '"lockfileVersion":  $1'));
    return [project.file('package-lock.json')];
  },
};

/** The entries of each store that a change made go: those gone, or replaced by another object. */
function droppedEntries(before: ReadonlyMap<string, unknown>, after: ReadonlyMap<string, unknown>): string[] {
  return [...before].filter(([id, value]) => !after.has(id) || after.get(id) !== value).map(([id]) => id);
}

/** What a store's dropped entries say of the change: none, all, or some (the test says which). */
const effectOf = (dropped: readonly unknown[], had: number): Effect => (dropped.length === 0 ? 'kept' : dropped.length === had ? 'dropped' : 'changed');

/**
 * `sourceLinked`: the project's src/ is a link to the checkout's, which this process runs: its
 * templates (a copy, which a change may edit) then render with the generator's own modules.
 */
async function fixtureProject({ sourceLinked = false } = {}): Promise<Project> {
  const project = await projectCopy({ content: 'fixture' });
  if (sourceLinked) {
    await rm(project.file('src'), { recursive: true });
    await symlink(path.join(ROOT, 'src'), project.file('src'));
  }
  const text = await readFile(project.file('content/articles/second-look.md'), 'utf8');
  await writeFile(
    project.file('content/articles/partner-signage.md'),
    text
      .replace(/^title: .*$/m, 'title: Partner Signage on the First Tee')
      .replace(/^thumbnail: .*$/m, 'thumbnail: /images/articles/pga-canada-case-study.jpg')
      .replace(/^thumbnailAlt: .*$/m, 'thumbnailAlt: A golfer on a tee box in front of partner signage'),
  );
  return project;
}

describe("a builder's stores (watch's worker)", () => {
  let project: Project;
  let builder: Builder;
  const paths = () => resolvePaths({ root: project.root, out: project.file('.sitegen-watch/site') });

  beforeAll(async () => {
    project = await fixtureProject({ sourceLinked: true });
    builder = new Builder(paths(), WATCH_BUILDER);
    await builder.build({ drafts: true });
  }, 120_000);
  afterAll(async () => {
    await builder?.idle();
    await project?.remove();
  });

  /** What each change should drop of each store this builder keeps, where STORES says `changed`: exactly these entries. */
  const changedEntries = (change: Change): Partial<Record<BuilderStore, string[]>> =>
    ({
      content: {
        'markdown reads': [project.file('content/articles/second-look.md')],
        analyses: [project.file('content/articles/second-look.md')],
        'yaml sources': [],
        'pages in memory': ['articles/second-look/index.html'],
      },
      configuration: { 'yaml sources': [project.file('content/site.yaml')] },
      template: { analyses: [], 'pages in memory': ['privacy-policy/index.html'] },
      stylesheet: { 'site assets': ['stylesheet'] },
      // The photo's variants are named by its hash, which every page's key covers.
      public: { 'pages in memory': [...pagesBefore.keys()] },
      // The locked dependencies are code every analysis and every page runs (an edit of one template's module would keep the others).
      generator: { analyses: [...analysesBefore.keys()], 'pages in memory': [...pagesBefore.keys()] },
    })[change];
  let pagesBefore: ReadonlyMap<string, unknown> = new Map();
  let analysesBefore: ReadonlyMap<string, unknown> = new Map();

  for (const change of CHANGES) {
    it(`drops, when ${change === 'public' ? 'a file of public/' : `the ${change}`} changes, what STORES says and no more`, async () => {
      const before = await builder.stores();
      pagesBefore = before['pages in memory'];
      analysesBefore = before.analyses;
      const files = await EDITS[change](project);
      // A change of the generator's code gets a new worker, which takes over what the old one hands it (watch).
      if (change === 'generator') {
        const next = new Builder(paths(), WATCH_BUILDER);
        next.adopt(builder.handover()!);
        await builder.idle();
        builder = next;
      } else builder.changed(change, files);
      await builder.build({ drafts: true });
      const after = await builder.stores();
      const expected = changedEntries(change);
      for (const name of Object.keys(before) as BuilderStore[]) {
        const dropped = droppedEntries(before[name], after[name]);
        const declared = STORES[name].on[change];
        expect(before[name].size, `${name} held nothing before the change`).toBeGreaterThan(0);
        if (declared === 'changed') expect(dropped.sort(), `${name} on a ${change} change`).toEqual([...(expected[name] ?? [])].sort());
        else expect(effectOf(dropped, before[name].size), `${name} on a ${change} change`).toBe(declared);
      }
    }, 60_000);
  }
});

describe("the cache's stores (one build after another, as in CI)", () => {
  let project: Project;
  beforeAll(async () => {
    project = await fixtureProject();
    const first = await project.run(['build', '--verbose']);
    expect(first.code, first.stdout).toBe(0);
  }, 120_000);
  afterAll(() => project?.remove());

  /** Each public/ file's hash as the cache records it (a file hashed again under a settled stamp is the same entry). */
  const publicHashes = async () => {
    const [, body] = (await readFile(path.join(project.cache, 'public-files.json'), 'utf8')).split('\n');
    return JSON.stringify(Object.entries(JSON.parse(body!) as Record<string, [string, string]>).map(([file, [, hash]]) => [file, hash]));
  };
  const cacheFiles = async (folder: string) => (await readdir(path.join(project.cache, folder), { recursive: true })).sort();
  /** What a build said it did, and the cache's files that show the rest. */
  async function observe(stderr: string) {
    const count = (pattern: RegExp) => Number(pattern.exec(stderr)?.[1]);
    return {
      analysed: count(/(\d+) markdown files analysed/),
      rendered: count(/rendered (\d+) of \d+ pages/),
      pages: count(/rendered \d+ of (\d+) pages/),
      imagesMade: count(/images ready \((\d+) made/),
      imagesCached: count(/images ready \(\d+ made, (\d+) from the cache/),
      assets: await cacheFiles('assets'),
      compiled: (await readdir(project.file('node_modules/.cache/sitegen/code'))).sort(),
      hashes: await publicHashes(),
    };
  }

  /** The effect each change had on each store of the cache, as the build that followed it shows. */
  const observed: Partial<Record<Change, Record<Exclude<StoreName, BuilderStore>, Effect>>> = {};
  const markdownFiles = 4;

  for (const change of CHANGES) {
    it(`the build after a change of ${change === 'public' ? 'a file of public/' : `the ${change}`} reuses what STORES says and no more`, async () => {
      const before = await observe('');
      await EDITS[change](project);
      const { code, stdout, stderr } = await project.run(['build', '--verbose']);
      expect(code, stdout).toBe(0);
      const after = await observe(stderr);
      const images = after.imagesMade + after.imagesCached;
      observed[change] = {
        'cached analyses': after.analysed === 0 ? 'kept' : after.analysed === markdownFiles ? 'dropped' : 'changed',
        'cached assets': JSON.stringify(after.assets) === JSON.stringify(before.assets) ? 'kept' : 'dropped',
        'page index': after.rendered === 0 ? 'kept' : after.rendered === after.pages ? 'dropped' : 'changed',
        'processed images': after.imagesMade === 0 ? 'kept' : after.imagesMade === images ? 'dropped' : 'changed',
        'public hashes': after.hashes === before.hashes ? 'kept' : 'changed',
        'compiled code': JSON.stringify(after.compiled) === JSON.stringify(before.compiled) ? 'kept' : 'dropped',
      };
      const declared = Object.fromEntries(Object.keys(observed[change]).map((name) => [name, STORES[name as StoreName].on[change]]));
      expect(observed[change]).toEqual(declared);
    }, 120_000);
  }
});
