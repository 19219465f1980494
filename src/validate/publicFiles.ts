import { readFileSync } from 'node:fs';
import path from 'node:path';
import { diagnostic, FILE_START, type Diagnostic, type Place } from '../diagnostics.ts';
import { contentTypeFor } from '../hosting/policy.ts';
import type { PublicFile } from '../load/publicFiles.ts';
import { activeContent, documentKind } from './activeContent.ts';

/**
 * Everything public/ publishes (as its walk by `publicFiles` found it) is safe to serve, whether a page names it or not: what its walk
 * leaves out (links outside the project or into its private folders, dotfiles), and every SVG,
 * HTML or XML file it publishes, which would run in the site's origin if it held a script.
 */
export function checkPublic(publicDir: string, walked: { files: PublicFile[]; diagnostics: Diagnostic[] }): Diagnostic[] {
  const { files } = walked;
  const diagnostics = [...walked.diagnostics];
  for (const { rel, source } of files) {
    const kind = documentKind(rel);
    if (!kind) continue;
    const text = readFileSync(source);
    const found = activeContent(text, kind);
    if (!found) continue;
    const file = path.join(publicDir, rel);
    const at = found.index === undefined ? FILE_START : placeAt(text.toString('utf8'), found.index);
    diagnostics.push(
      kind === 'svg'
        ? diagnostic(file, at, 'image/unsafe-svg', `this SVG is published as it is, and would run in the site's origin: ${found.reason}`)
        : diagnostic(
            file,
            at,
            'public/unsafe-document',
            `this file is served as ${contentTypeFor(rel).split(';')[0]}, a document that would run in the site's origin: ${found.reason}`,
          ),
    );
  }
  return diagnostics;
}

/** The line and column (from 1) of an offset in a text. */
function placeAt(text: string, index: number): Place {
  const before = text.slice(0, index);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: index - lineStart + 1 };
}
