import { createHash } from 'node:crypto';

/** Short content hash used in asset file names and cache keys. */
export function contentHash(data: string | Uint8Array, length = 10): string {
  return createHash('sha256').update(data).digest('base64url').replace(/[-_]/g, '0').slice(0, length);
}

/** The SHA-256 of some bytes, in hex: what names a cached page and checks a cache file. */
export function sha256(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}
