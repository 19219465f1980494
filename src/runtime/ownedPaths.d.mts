import type { Stats } from 'node:fs';

export function what(info: Stats): string;
export function inPlaceOf(at: string, kind: 'file' | 'folder'): string | undefined;
export function ownFolder(dir: string): string | undefined;
export class LinkRefused extends Error {
  readonly path: string;
  constructor(at: string, meant: string);
}
export function refuseLink(at: string, meant: string): void;
