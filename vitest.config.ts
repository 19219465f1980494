import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export type Lane = 'unit' | 'build' | 'guarantees' | 'browser';

interface LaneDefinition {
  /** Its test files, as globs from the project's root. */
  files: string[];
  exclude?: string[];
  /** Whether its files run side by side on the two cores. */
  parallel: boolean;
  /**
   * Whether a worker loads the packages afresh for each file (Vitest's default). A lane that does
   * not keeps them loaded from file to file and evaluates the project's modules afresh for each
   * (its setup resets them), so that a file's vi.mock still reaches every module it loads.
   */
  isolate?: boolean;
  /** Loaded before each of its files. */
  setup?: string;
  /** Run once before its first file. */
  globalSetup?: string;
  /**
   * Files started before the others, in this order: the lane's slowest files of a CI run, longest
   * first, so that the two cores end together. Vitest starts the slowest files of its last run
   * first, and on a fresh checkout (CI) the largest, so a long file that is short to read would
   * otherwise start late and end alone on one core (a CI run on November 29: 42 s of the
   * guarantees lane was outputGuard.test.ts alone). A file missing here only starts later.
   */
  first?: string[];
  /** How long `expect.poll` waits for what it asks to hold (Vitest's default: a second). */
  pollTimeout?: number;
}

/**
 * The test lanes, each a Vitest project run by `npm run test:NAME` (`npm test` runs them all, in
 * this order). A file belongs to exactly one lane: tests/lanes.test.ts fails on a file in none or
 * in two. docs/developers/testing.md says what goes where.
 */
export const LANES: Record<Lane, LaneDefinition> = {
  /** No build, no child process, no browser (tests/helpers/unitLane.ts refuses them): files run in parallel. */
  unit: {
    files: [
      'tests/*.test.ts',
      'tests/{bundle,client,hosting,islands,markdown,plan,routes,schemas,templates,yaml}/**/*.test.{ts,tsx}',
      'tests/cli/{checkCommand,colour,reportLines}.test.ts',
      'tests/diff/{assetNames,diffFormats,redirects,usage}.test.ts',
      'tests/docs/{architecture,checkExamples,commandOptions,docPages,links,ruleCatalogue}.test.ts',
      'tests/editor/*.test.ts',
      'tests/load/{content,decode,publicFiles,unreadFiles}.test.ts',
      'tests/pipeline/{imageWork,pageSink,pageStore,storeHandlers,workers/protocol,workers/sharing}.test.ts',
      'tests/pipeline/cache/{analysisCache,codeKeys,codeVersion,imageCache,pageIndex}.test.ts',
      'tests/publish/{configuration,faults,plan,prefix,siteFit,uploadOrder}.test.ts',
      'tests/render/{islands,renderPage}.test.tsx',
      'tests/review/{choose,pixels,reviewFormats,usage}.test.ts',
      'tests/serve/{allowedHosts,redirects,server}.test.ts',
      'tests/validate/{activeContent,buildPaths,links,redirects,siteRules,typedReferences,zodDiagnostics}.test.ts',
      'tests/watch/{buildReport,buildWorkerProtocol,fileChanges,watchLoop}.test.ts',
      'tests/write/{editorSchemas,editorSchemasFault,publicCopy,redirectPages,siteFiles}.test.ts',
    ],
    exclude: ['tests/{lint,model}.test.ts'],
    parallel: true,
    // Importing React, zod and unified again for each of ninety small files was three quarters of the lane's time.
    isolate: false,
    setup: 'tests/helpers/unitLane.ts',
  },
  /** Builds of the fixture site and of project copies, the CLI as a child process, publishing to a local bucket, watch. */
  build: {
    files: [
      'tests/{lint,model}.test.ts',
      'tests/cli/{lifetime,options,ports,report}.test.ts',
      'tests/diff/diffCommand.test.ts',
      'tests/docs/{commands,examples,recipe}.test.ts',
      'tests/load/schemaFiles.test.ts',
      'tests/pipeline/{basePath,betweenBuilds,boundedStores,builder,checkCache,images,keptWork,redirects}.test.ts',
      'tests/publish/{publish,publishPrefix,publishedPages,redirects,siteKinds}.test.ts',
      'tests/review/sides.test.ts',
      'tests/runtime/{compileFailure,watchCompile}.test.ts',
      'tests/validate/{contentLinks,drafts,lastBuild,publicFiles,publicLinks}.test.ts',
      'tests/watch/{buildWorker,redirects,watch}.test.ts',
      'tests/workflows/*.test.ts',
    ],
    parallel: true,
    first: [
      'tests/docs/commands.test.ts',
      'tests/watch/watch.test.ts',
      'tests/workflows/editorPullRequest.test.ts',
      'tests/docs/examples.test.ts',
      'tests/lint.test.ts',
      'tests/diff/diffCommand.test.ts',
      'tests/publish/publish.test.ts',
      'tests/pipeline/betweenBuilds.test.ts',
      'tests/validate/publicLinks.test.ts',
      'tests/pipeline/builder.test.ts',
      'tests/model.test.ts',
    ],
  },
  /** The generator's guarantees tried the hard way: builds and publishes killed, caches and compilations damaged, locks contended, hostile input and requests. */
  guarantees: {
    files: [
      'tests/pipeline/buildLock.test.ts',
      'tests/pipeline/cache/{cacheFile,restoredCache,wrongKind}.test.ts',
      'tests/cli/systemFaults.test.ts',
      'tests/publish/kill.test.ts',
      'tests/render/renderCrash.test.ts',
      'tests/runtime/{compile,compiledProject}.test.ts',
      'tests/serve/requestFuzz.test.ts',
      'tests/validate/hostileContent.test.ts',
      'tests/write/{outputGuard,outputStore,ownedPaths}.test.ts',
    ],
    // Each kill is timed from what the build it kills has done (a new version, the switch) or against builds measured in the same file.
    parallel: true,
    first: [
      'tests/write/outputGuard.test.ts',
      'tests/write/outputStore.test.ts',
      'tests/runtime/compile.test.ts',
      'tests/pipeline/cache/cacheFile.test.ts',
      'tests/pipeline/cache/restoredCache.test.ts',
      'tests/publish/kill.test.ts',
      'tests/pipeline/cache/wrongKind.test.ts',
      'tests/pipeline/buildLock.test.ts',
      'tests/write/ownedPaths.test.ts',
    ],
  },
  /** Chromium (Debian's, CHROME_PATH) on the real site, built once for the lane (tests/helpers/realSite.ts), and on watch. */
  browser: {
    files: ['tests/e2e/*.test.ts', 'tests/content/legal.test.ts', 'tests/review/review.test.ts', 'tests/watch/liveReload.test.ts'],
    // Each page is judged once what it started has arrived (tests/helpers/browser.ts `exercise`), and an island that hydrates
    // when idle starts within two seconds however busy the cores are (src/client/loader.ts): two files side by side.
    parallel: true,
    first: [
      'tests/e2e/pages.test.ts',
      'tests/review/review.test.ts',
      'tests/e2e/blog.test.ts',
      'tests/e2e/marketing.test.ts',
      'tests/e2e/firstInteraction.test.ts',
    ],
    // What a page shows after a click, a keystroke or a fetch is waited for, however long the other file keeps the cores.
    pollTimeout: 10_000,
    globalSetup: 'tests/helpers/realSite.ts',
  },
};

/** Vitest's order within a lane, with the lane's `first` files ahead of the rest. */
class LaneSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const lanes = [...new Set(sorted.map((file) => file.project.name))];
    const rank = (file: TestSpecification) => {
      const first = LANES[file.project.name as Lane]?.first ?? [];
      const at = first.indexOf(path.relative(file.project.config.root, file.moduleId));
      return at === -1 ? first.length : at;
    };
    const key = (file: TestSpecification) => [lanes.indexOf(file.project.name), rank(file)];
    return sorted
      .map((file, at) => ({ file, at, key: key(file) }))
      .sort((a, b) => a.key[0]! - b.key[0]! || a.key[1]! - b.key[1]! || a.at - b.at)
      .map(({ file }) => file);
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: LaneSequencer },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // The lanes run one after another, in the order they are declared.
    projects: Object.entries(LANES).map(([name, lane], order) => ({
      extends: true,
      test: {
        name,
        include: lane.files,
        exclude: lane.exclude ?? [],
        // Vitest leaves a core free by default: on two cores that is one file at a time.
        maxWorkers: lane.parallel ? 2 : 1,
        isolate: lane.isolate ?? true,
        sequence: { groupOrder: order },
        setupFiles: lane.setup ? [lane.setup] : [],
        globalSetup: lane.globalSetup ? [lane.globalSetup] : [],
        expect: lane.pollTimeout ? { poll: { timeout: lane.pollTimeout } } : {},
      },
    })),
    // GitHub's workflow parser imports its schema as JSON without the import attribute Node requires: Vite loads it instead.
    server: { deps: { inline: ['@actions/workflow-parser'] } },
  },
});
