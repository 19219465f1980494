import path from 'node:path';
import { projectRoot } from '../config.ts';
import { ASSETS_DIR } from '../hosting/policy.ts';
import * as esbuild from 'esbuild';

export interface IslandBundle {
  /** URL of the loader script, e.g. /assets/loader-AbC123.js */
  loader: string;
  /** Island name → URL of its entry module. */
  islands: Map<string, string>;
  /** Output file path (relative to the site root) → contents. */
  files: Map<string, Uint8Array>;
}

const clientDir = path.join(projectRoot, 'src/client');
const ENTRY_NS = 'sitegen-island-entry';

/**
 * Bundles the loader and one entry per island for the browser: ESM, code-split (React lands
 * in a shared chunk loaded only when an island hydrates), minified, content-hashed names.
 */
export async function bundleIslands(islandFiles: Map<string, string>, root: string): Promise<IslandBundle> {
  const entryPoints: Record<string, string> = { loader: path.join(clientDir, 'loader.ts') };
  for (const name of islandFiles.keys()) entryPoints[`island-${name}`] = `${ENTRY_NS}:${name}`;

  const result = await esbuild.build({
    entryPoints,
    absWorkingDir: root,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022'],
    minify: true,
    write: false,
    metafile: true,
    outdir: ASSETS_DIR,
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    jsx: 'automatic',
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
    plugins: [
      {
        name: 'island-entries',
        setup(build) {
          build.onResolve({ filter: new RegExp(`^${ENTRY_NS}:`) }, (args) => ({ path: args.path.slice(ENTRY_NS.length + 1), namespace: ENTRY_NS }));
          build.onLoad({ filter: /.*/, namespace: ENTRY_NS }, (args) => ({
            contents: [
              `import Component from ${JSON.stringify(islandFiles.get(args.path))};`,
              `import { mount } from ${JSON.stringify(path.join(clientDir, 'mount.ts'))};`,
              `export default (el, props, prefix, base) => mount(el, Component, props, prefix, base);`,
            ].join('\n'),
            resolveDir: root,
            loader: 'js',
          }));
        },
      },
    ],
  });

  const files = new Map<string, Uint8Array>();
  const islands = new Map<string, string>();
  let loader = '';
  for (const out of result.outputFiles) {
    const rel = path.relative(root, out.path).split(path.sep).join('/');
    files.set(rel, out.contents);
    const meta = result.metafile.outputs[rel];
    const entry = meta?.entryPoint;
    if (!entry) continue;
    if (entry.startsWith(`${ENTRY_NS}:`)) islands.set(entry.slice(ENTRY_NS.length + 1), `/${rel}`);
    else loader = `/${rel}`;
  }
  return { loader, islands, files };
}
