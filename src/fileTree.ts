import { readdirSync, type Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';

/*
 * Every entry under a folder, as `readdir(dir, { recursive: true, withFileTypes: true })` lists
 * them on Node 20 (a folder's entries, then each of its folders' in turn): a link is listed as
 * the link it is, and never followed. Node 22 and later follow links to folders in a recursive
 * readdir: a listing of content/, public/ or an output would then hold what a link leads to,
 * outside the project too, and a link to a folder around it forty times over.
 */

export function readTreeSync(dir: string): Dirent[] {
  const entries: Dirent[] = [];
  const folders = [dir];
  for (let i = 0; i < folders.length; i++)
    for (const entry of readdirSync(folders[i]!, { withFileTypes: true })) {
      entries.push(entry);
      if (entry.isDirectory()) folders.push(path.join(folders[i]!, entry.name));
    }
  return entries;
}

export async function readTree(dir: string): Promise<Dirent[]> {
  const entries: Dirent[] = [];
  const folders = [dir];
  for (let i = 0; i < folders.length; i++)
    for (const entry of await readdir(folders[i]!, { withFileTypes: true })) {
      entries.push(entry);
      if (entry.isDirectory()) folders.push(path.join(folders[i]!, entry.name));
    }
  return entries;
}
