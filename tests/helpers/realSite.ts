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
    /** The real site built with `--base` and `--site-url` as a preview is (`PREVIEW`), for tests/e2e/basePath.test.ts. */
    previewSite: string;
  }
}

/** Where the lane's preview build is published: a pull request's base and the previews' host. */
export const PREVIEW = { base: '/previews/pr-42', siteUrl: 'https://preview.touchline.example' };

/**
 * The browser lane's global setup: the real site is built once, into a temp folder, and every
 * file that only reads it serves it (tests/helpers/site.ts). Its markdown pages are analysed and
 * rendered on worker threads (the path of large sites), so the browser tests check that path, and
 * the other lanes the single-thread one. So is the site as a preview builds it, here rather than
 * in its file, where it would share the cores with another file's pages.
 */
export default async function buildRealSite(project: TestProject): Promise<() => Promise<void>> {
  const parent = await mkdtemp(path.join(os.tmpdir(), 'sitegen-e2e-'));
  const out = path.join(parent, 'dist');
  const preview = path.join(parent, 'preview');
  await new Builder(resolvePaths({ out }), { workerThreshold: 0 }).build();
  await new Builder(resolvePaths({ out: preview }), { workerThreshold: 0, address: PREVIEW }).build();
  project.provide('realSite', out);
  project.provide('previewSite', preview);
  return () => rm(parent, { recursive: true, force: true });
}
