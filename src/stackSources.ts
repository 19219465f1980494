import { readFileSync } from 'node:fs';
import { SourceMap, type SourceMapping } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** A stack frame: `at`, the function's name when it has one, and where it points at its end (a path or a file URL, its line and its column). */
const FRAME = /^(\s*at )(?:(.+) \()?((?:file:\/\/)?\/[^():]+):(\d+):(\d+)\)?$/;

/** The source maps read so far, by compiled file; `null` for a file that has none. */
const maps = new Map<string, { map: SourceMap; dir: string } | null>();

function mapOf(file: string): { map: SourceMap; dir: string } | null {
  if (!maps.has(file)) {
    let known = null;
    try {
      known = { map: new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8'))), dir: path.dirname(file) };
    } catch {
      // No map beside the file, or one that cannot be read: its frames keep their places.
    }
    maps.set(file, known);
  }
  return maps.get(file)!;
}

/**
 * A stack frame of the compiled generator as the source it came from: `at f (/…/src/x.ts:3:5)`,
 * named as Node names it with source maps on (the map's name for the place, else the frame's,
 * else `<anonymous>`). The compiled modules' maps are read here, when a crash is described,
 * rather than by Node for every module it loads (`--enable-source-maps`: about 65 ms of each
 * process's start, and again in each worker thread). A frame of a file with no map, or one the
 * map does not cover, keeps its place, a file URL made a path.
 */
export function mappedFrame(line: string): string {
  const frame = FRAME.exec(line);
  if (!frame) return line;
  const [, at, name, where, row, column] = frame as unknown as [string, string, string | undefined, string, string, string];
  let file: string;
  try {
    file = where.startsWith('file:') ? fileURLToPath(where) : where;
  } catch {
    return line;
  }
  try {
    const known = mapOf(file);
    // An empty object where the map has nothing; Node's types leave out the name an entry has had since Node 20.
    const found = (known?.map.findEntry(Number(row) - 1, Number(column) - 1) ?? {}) as Partial<SourceMapping & { name: string }>;
    if (known && found.originalSource && found.originalLine !== undefined && found.originalColumn !== undefined) {
      const source = `${path.resolve(known.dir, found.originalSource)}:${found.originalLine + 1}:${found.originalColumn + 1}`;
      return `${at}${found.name || name || '<anonymous>'} (${source})`;
    }
  } catch {
    // A map that cannot be read leaves the frame where the compiled code is: a crash is still described.
  }
  const place = `${file}:${row}:${column}`;
  return `${at}${name ? `${name} (${place})` : place}`;
}
