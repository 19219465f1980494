#!/usr/bin/env node
// The sitegen command. It runs the generator compiled once per source change (bin/generator.mjs),
// so `npx sitegen` works right after `npm ci` with no build step to remember.
import { readFileSync } from 'node:fs';
import { optimiseLater } from './v8Flags.mjs';

optimiseLater();

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
