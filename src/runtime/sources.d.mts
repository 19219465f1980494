export const SOURCE_DIRS: string[];
export const ENTRIES: { cli: string; markdownWorker: string; buildWorker: string; templates: string };
export type EntryName = keyof typeof ENTRIES;
export const ISLAND_FILE: RegExp;
export function compiledPath(source: string): string;
export function sourceFiles(root: string): string[];
export function sourceDigest(root: string): string;
