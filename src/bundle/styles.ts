import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { compile, optimize } from '@tailwindcss/node';
import { Scanner } from '@tailwindcss/oxide';
import { stylesheetFileName } from './stylesheetUrls.ts';

export interface BuiltStylesheet {
  fileName: string;
  css: string;
  /** Files whose change means the stylesheet must be rebuilt (the CSS entry and its imports). */
  dependencies: string[];
}

/**
 * Compiles the Tailwind entry (templates/styles.css) in-process: the classes used in the
 * templates are found by Tailwind's own scanner, the result is minified and content-hashed.
 */
export async function buildStylesheet(templatesDir: string): Promise<BuiltStylesheet> {
  const entry = path.join(templatesDir, 'styles.css');
  const dependencies = [entry];
  const compiler = await compile(await readFile(entry, 'utf8'), {
    base: templatesDir,
    onDependency: (file) => dependencies.push(file),
  });
  const scanner = new Scanner({
    sources: [
      { base: templatesDir, pattern: '**/*.{tsx,ts}', negated: false },
      ...compiler.sources.map((s) => ({ ...s, negated: s.negated ?? false })),
    ],
  });
  const css = optimize(compiler.build(scanner.scan()), { minify: true }).code;
  return { fileName: stylesheetFileName(css), css, dependencies };
}
