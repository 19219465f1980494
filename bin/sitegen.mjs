#!/usr/bin/env node
// The sitegen command. It runs the generator compiled once per source change (bin/generator.mjs),
// so `npx sitegen` works right after `npm ci` with no build step to remember.
import { readFileSync } from 'node:fs';
import v8 from 'node:v8';

// A build is a short process: V8's optimising compilers, at their usual thresholds, spend a fifth
// of its CPU compiling functions that then run for a second or two, and every worker thread does
// it again. Higher thresholds (V8's flags are the process's, so they hold in its workers too) cut
// a cold build's CPU by about a tenth and its peak memory at 4,000 articles by a tenth or more
// (docs/developers/performance.md). V8 11 (Node 20) counts a budget; later ones count calls.
v8.setFlagsFromString(
  Number(process.versions.v8.split('.')[0]) >= 12 ? '--invocation-count-for-turbofan=30000 --invocation-count-for-maglev=4000' : '--interrupt-budget=1000000',
);

// `--version` and `--help` answer at once, without loading the generator: the help is the one the
// command line prints, kept in bin/help.txt (tests/cli/options.test.ts fails when they differ).
const args = process.argv.slice(2);
const only = (...flags) => args.length === 1 && flags.includes(args[0]);
if (only('--version', '-V')) {
  process.stdout.write(`${JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version}\n`);
} else if (only('--help', '-h')) {
  process.stdout.write(readFileSync(new URL('./help.txt', import.meta.url), 'utf8'));
} else {
  // React's production build: the development one is several times slower and only adds dev warnings.
  process.env.NODE_ENV ??= 'production';
  process.setSourceMapsEnabled(true);
  const { loadGenerator, root } = await import('./generator.mjs');
  const generator = await loadGenerator().catch(async (error) => {
    // Code that does not compile is said in plain words at its place, not as esbuild's stack.
    const { describeCompileFailure } = await import('../src/runtime/compileFailure.mjs');
    const text = await describeCompileFailure(error, root);
    if (!text) throw error;
    process.stderr.write(`${text}\n`);
  });
  process.exitCode = generator ? await generator.main(process.argv) : 1;
}
