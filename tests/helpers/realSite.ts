import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { resolvePaths } from '../../src/config.ts';
import { Builder } from '../../src/pipeline/builder.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The real site built once for the browser lane (a folder no test may change). */
    realSite: string;
  }
}

/**
 * The browser lane's global setup: the real site is built once, into a temp folder, and every
 * file that only reads it serves it (tests/helpers/site.ts). Its markdown pages are analysed and
 * rendered on worker threads (the path of large sites), so the browser tests check that path, and
 * the other lanes the single-thread one.
 */
export default async function buildRealSite(project: TestProject): Promise<() => Promise<void>> {
  const parent = await mkdtemp(path.join(os.tmpdir(), 'sitegen-e2e-'));
  const out = path.join(parent, 'dist');
  await new Builder(resolvePaths({ out }), { workerThreshold: 0 }).build();
  project.provide('realSite', out);
  return () => rm(parent, { recursive: true, force: true });
}
