import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The table "To change X, edit Y" of docs/developers/architecture.md names files and folders of
 * the repository: each must be there, so that a move or a rename cannot leave the table pointing
 * at nothing.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const PAGE = 'docs/developers/architecture.md';
const HEADING = '## To change X, edit Y';

/** The repository paths in code spans of the table's "edit" column, with the line of each. */
function editedPaths(markdown: string): { path: string; line: number }[] {
  const lines = markdown.split('\n');
  const start = lines.indexOf(HEADING);
  if (start < 0) throw new Error(`${PAGE} has no section "${HEADING}"`);
  const paths: { path: string; line: number }[] = [];
  for (let i = start + 1; i < lines.length && !lines[i]!.startsWith('## '); i++) {
    const cells = lines[i]!.split(' | ');
    if (!lines[i]!.startsWith('|') || cells.length < 2) continue;
    for (const [, span] of cells.at(-1)!.matchAll(/`([^`]+)`/g))
      if (/^[\w.-]+\/|\.\w+$/.test(span!)) paths.push({ path: span!.replace(/\/$/, ''), line: i + 1 });
  }
  return paths;
}

describe(`the table "To change X, edit Y" of ${PAGE}`, () => {
  it('names only files and folders that are in the repository', () => {
    const paths = editedPaths(readFileSync(path.join(ROOT, PAGE), 'utf8'));
    expect(paths.map((p) => p.path)).toContain('src/pipeline/markdownWork.tsx');
    const missing = paths.filter((p) => !existsSync(path.join(ROOT, p.path))).map((p) => `${PAGE}:${p.line}: ${p.path}`);
    expect(missing, 'a path of the table is not in the repository: correct it').toEqual([]);
  });

  it('reads every path of the edit column, and no other text', () => {
    const table = [HEADING, '', '| to change | edit |', '|---|---|', '| a `site.yaml` key | `src/schemas/site.ts` and `templates/` (`--help`) |'].join('\n');
    expect(editedPaths(table).map((p) => p.path)).toEqual(['src/schemas/site.ts', 'templates']);
  });
});
