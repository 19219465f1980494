import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { compile, optimize } from '@tailwindcss/node';
import type * as Oxide from '@tailwindcss/oxide';

// Tailwind's scanner is a native addon behind a CommonJS loader. Loaded with require, as Tailwind's
// own tools load it: once in a Node 24 CI run, the ESM import of it gave an undefined Scanner.
const { Scanner } = createRequire(import.meta.url)('@tailwindcss/oxide') as typeof Oxide;
import { stylesheetFileName } from './stylesheetUrls.ts';

export interface BuiltStylesheet {
  fileName: string;
  css: string;
}

/**
 * Compiles the Tailwind entry (templates/styles.css) in-process: the classes used in the
 * templates are found by Tailwind's own scanner, the result is minified and content-hashed.
 */
export async function buildStylesheet(templatesDir: string): Promise<BuiltStylesheet> {
  const entry = path.join(templatesDir, 'styles.css');
  // The stylesheet's imports are templates' files, which the code version already covers.
  const compiler = await compile(await readFile(entry, 'utf8'), { base: templatesDir, onDependency: () => {} });
  const scanner = new Scanner({
    sources: [{ base: templatesDir, pattern: '**/*.{tsx,ts}', negated: false }, ...compiler.sources.map((s) => ({ ...s, negated: s.negated ?? false }))],
  });
  const css = optimize(compiler.build(scanner.scan()), { minify: true }).code;
  return { fileName: stylesheetFileName(css), css };
}
