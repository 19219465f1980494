import { readFile } from 'node:fs/promises';
import path from 'node:path';

export function sameContent(a: string | Uint8Array | undefined, b: string | Uint8Array): boolean {
  if (a === undefined) return false;
  return typeof a === 'string' && typeof b === 'string' ? a === b : Buffer.from(a).equals(Buffer.from(b));
}

/** Whether every file is already in `outDir` byte for byte. */
export async function alreadyWritten(outDir: string, files: Map<string, string | Uint8Array>): Promise<boolean> {
  const checks = await Promise.all([...files].map(async ([file, data]) => sameContent(await readFile(path.join(outDir, file)).catch(() => undefined), data)));
  return checks.every(Boolean);
}
