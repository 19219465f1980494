import path from 'node:path';
import * as esbuild from 'esbuild';
import { projectRoot } from '../config.ts';

/** The script `sitegen watch` adds to every page it serves: live reload and the error overlay, one classic script. */
export async function bundleOverlay(): Promise<string> {
  const result = await esbuild.build({
    entryPoints: [path.join(projectRoot, 'src/client/overlay.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: ['es2022'],
    write: false,
    legalComments: 'none',
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}
