import { readFile } from 'node:fs/promises';
import { excerptOf } from './codeFrame.ts';
import { isWholeFile, type Diagnostic } from './diagnostics.ts';

/**
 * The problems, each with the lines around its place (`excerpt`), so that every reader of them
 * (the terminal, watch's overlay) can draw its code frame. Each file is read once, as the build
 * that found the problems ends; a problem with a whole file, or with a file that cannot be read
 * (gone, or never there), is left without.
 */
export async function withExcerpts(list: readonly Diagnostic[]): Promise<Diagnostic[]> {
  const files = [...new Set(list.filter((d) => !isWholeFile(d)).map((d) => d.file))];
  const texts = new Map(await Promise.all(files.map(async (file) => [file, await readFile(file, 'utf8').catch(() => undefined)] as const)));
  return list.map((d) => {
    const text = isWholeFile(d) ? undefined : texts.get(d.file);
    const excerpt = text === undefined ? undefined : excerptOf(text, d);
    // A place past the file's end (it changed since it was read) has no lines to show.
    return excerpt?.text.length ? { ...d, excerpt } : d;
  });
}
