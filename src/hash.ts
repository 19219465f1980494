import { createHash } from 'node:crypto';

/** Short content hash used in asset file names and cache keys. */
export function contentHash(data: string | Uint8Array, length = 10): string {
  return createHash('sha256').update(data).digest('base64url').replace(/[-_]/g, '0').slice(0, length);
}
