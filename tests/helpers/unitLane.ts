import type * as ChildProcess from 'node:child_process';
import type * as Playwright from 'playwright-core';
import { vi } from 'vitest';

/*
 * The unit lane's files run side by side and must stay fast: a test that builds a site, starts a
 * process or a browser belongs to another lane. Loaded before each file of the lane (vitest.config.ts).
 */
// The lane's files share their workers' module registry (vitest.config.ts: not isolated): the project's own modules are
// evaluated afresh for each file, so a file's vi.mock reaches every module it loads, while the packages stay loaded.
vi.resetModules();

const refuse = (what: string) => () => {
  throw new Error(`the unit lane starts no ${what}: move this test file to another lane in vitest.config.ts (docs/developers/testing.md)`);
};

vi.mock('node:child_process', async (original) => {
  const real = await original<typeof ChildProcess>();
  const process = refuse('child process');
  return {
    ...real,
    default: { ...real, spawn: process, fork: process, exec: process, execFile: process },
    spawn: process,
    fork: process,
    exec: process,
    execFile: process,
  };
});

vi.mock('playwright-core', async (original) => {
  const real = await original<typeof Playwright>();
  const browser = refuse('browser');
  return { ...real, chromium: { ...real.chromium, launch: async () => browser() } };
});

vi.mock(import('../../src/pipeline/builder.ts'), async (original) => {
  const real = await original();
  // The prototype's, which the module's own `build` and `check` use too.
  real.Builder.prototype.build = refuse('build of a site');
  return real;
});
