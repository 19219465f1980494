import path from 'node:path';
import { diagnostic, FILE_START, type Diagnostic } from '../diagnostics.ts';
import { PAGES_FOLDER, type SiteDefinition } from '../model.ts';
import { readTree } from '../fileTree.ts';

/** What sitegen reads in content/: the data files at the top, and each folder with the ending of its files. */
function layoutOf(definition: Pick<SiteDefinition, 'data' | 'collections'>) {
  const folders = new Map<string, string>([...definition.collections.map((c) => [c.folder, '.md'] as const), [PAGES_FOLDER, '.yaml']]);
  const topFiles = Object.values(definition.data).map((d) => d.file);
  return { folders, topFiles };
}

const list = (names: string[]) => (names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? ''));

/** What to do with a file no collection reads, by where it is and how it is named. */
function advice(rel: string, { folders, topFiles }: ReturnType<typeof layoutOf>): string {
  const parts = rel.split('/');
  const name = parts.at(-1)!;
  const [folder] = parts;
  const ending = folder ? folders.get(folder) : undefined;
  const base = name.replace(/\.[^.]*$/, '');
  const folderNames = [...folders.keys()].map((f) => `${f}/`);
  if (parts.length === 1)
    return `sitegen reads only ${list(topFiles)} at the top of content/, and the folders ${list(folderNames)}: move this file into one of them, or out of content/`;
  if (!ending) return `sitegen reads no folder content/${folder}/ (only ${list(folderNames)}): move this file into one of them, or out of content/`;
  if (parts.length > 2)
    return `content/${folder}/ is read without the folders inside it: move this file to content/${folder}/${name} (its file name is its address, so it must be unique)`;
  const sameKind = ending === '.yaml' ? /\.ya?ml$/i : /\.(md|markdown)$/i;
  if (sameKind.test(name)) return `content/${folder}/ is read from files ending in ${ending}: rename it to ${base.toLowerCase()}${ending}`;
  return `content/${folder}/ holds only ${ending} files: move this file out of content/, or remove it`;
}

/**
 * Every file under content/ that nothing reads, as an error that says what to do: an editor who
 * puts an article in a year folder or names a page `.yml` must not lose it without a word. Files
 * and folders whose names start with a dot are the editors' tools' own.
 */
export async function unreadFiles(contentDir: string, definition: Pick<SiteDefinition, 'data' | 'collections'>): Promise<Diagnostic[]> {
  const layout = layoutOf(definition);
  const entries = await readTree(contentDir).catch(() => []);
  const diagnostics: Diagnostic[] = [];
  for (const entry of entries) {
    if (entry.isDirectory()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const rel = path.relative(contentDir, file).split(path.sep).join('/');
    if (rel.split('/').some((part) => part.startsWith('.'))) continue;
    const parts = rel.split('/');
    // A link at a folder's place is that folder: where it leads is judged where it is read (content/link-outside).
    if (entry.isSymbolicLink() && layout.folders.has(rel)) continue;
    const read = parts.length === 1 ? layout.topFiles.includes(rel) : parts.length === 2 && rel.endsWith(layout.folders.get(parts[0]!) ?? '\0');
    if (!read) diagnostics.push(diagnostic(file, FILE_START, 'content/unread-file', `this file is not read: ${advice(rel, layout)}`));
  }
  return diagnostics;
}
