import { createHash } from 'node:crypto';

/** Files above this size go up in parts (with @aws-sdk/lib-storage), each of this size. */
export const PART_SIZE = 8 * 1024 * 1024;

const md5 = (data: Uint8Array) => createHash('md5').update(data).digest();

/**
 * The ETags a bucket may report for these bytes: the MD5 of a single-part upload and, for a
 * file uploaded in parts, S3's MD5 of the parts' MD5s with the part count (some emulators
 * report the whole file's MD5 there too, so both are accepted).
 */
export function s3Etags(body: Uint8Array): string[] {
  const whole = md5(body).toString('hex');
  if (body.length <= PART_SIZE) return [whole];
  const parts: Buffer[] = [];
  for (let offset = 0; offset < body.length; offset += PART_SIZE) parts.push(md5(body.subarray(offset, offset + PART_SIZE)));
  return [whole, `${md5(Buffer.concat(parts)).toString('hex')}-${parts.length}`];
}
