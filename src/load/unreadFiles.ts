import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { diagnostic, FILE_START, type Diagnostic } from '../diagnostics.ts';

/** The folders of content/ whose files a collection reads, and the ending it reads. */
const COLLECTIONS: Record<string, string> = { articles: '.md', legal: '.md', pages: '.yaml' };
const TOP_FILES = new Set(['site.yaml', 'pricing.yaml']);

/** What to do with a file no collection reads, by where it is and how it is named. */
function advice(rel: string): string {
  const parts = rel.split('/');
  const name = parts.at(-1)!;
  const [folder] = parts;
  const ending = folder ? COLLECTIONS[folder] : undefined;
  const base = name.replace(/\.[^.]*$/, '');
  if (parts.length === 1) return 'sitegen reads only site.yaml and pricing.yaml at the top of content/, and the folders articles/, legal/ and pages/: move this file into one of them, or out of content/';
  if (!ending) return `sitegen reads no folder content/${folder}/ (only articles/, legal/ and pages/): move this file into one of them, or out of content/`;
  if (parts.length > 2) return `content/${folder}/ is read without the folders inside it: move this file to content/${folder}/${name} (its file name is its address, so it must be unique)`;
  if (ending === '.yaml' && /\.ya?ml$/i.test(name)) return `pages are read from files ending in .yaml: rename it to ${base.toLowerCase()}.yaml`;
  if (ending === '.md' && /\.(md|markdown)$/i.test(name)) return `${folder === 'legal' ? 'legal documents' : 'articles'} are read from files ending in .md: rename it to ${base.toLowerCase()}.md`;
  return `content/${folder}/ holds only ${ending} files: move this file out of content/, or remove it`;
}

/**
 * Every file under content/ that no collection reads, as an error that says what to do: an
 * editor who puts an article in a year folder or names a page `.yml` must not lose it without a
 * word. Files and folders whose names start with a dot are the editors' tools' own.
 */
export async function unreadFiles(contentDir: string): Promise<Diagnostic[]> {
  const entries = await readdir(contentDir, { recursive: true, withFileTypes: true }).catch(() => []);
  const diagnostics: Diagnostic[] = [];
  for (const entry of entries) {
    if (entry.isDirectory()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const rel = path.relative(contentDir, file).split(path.sep).join('/');
    if (rel.split('/').some((part) => part.startsWith('.'))) continue;
    const parts = rel.split('/');
    const read = parts.length === 1 ? TOP_FILES.has(rel) : parts.length === 2 && rel.endsWith(COLLECTIONS[parts[0]!] ?? '\0');
    if (!read) diagnostics.push(diagnostic(file, FILE_START, 'content/unread-file', `this file is not read: ${advice(rel)}`));
  }
  return diagnostics;
}
