import { readFileSync } from 'node:fs';
import path from 'node:path';
import { imageSize } from 'image-size';
import { resolveSitePath } from '../routes/sitePath.ts';

/** Reads an image's intrinsic size from public/, or undefined when there is no such file. */
export type ImageSizer = (urlPath: string) => { width: number; height: number } | undefined;

/** Reads intrinsic image sizes from public/ once per file; undefined when the file does not exist. */
export function createImageSizer(publicDir: string): ImageSizer {
  const cache = new Map<string, { width: number; height: number } | undefined>();
  return (urlPath) => {
    if (cache.has(urlPath)) return cache.get(urlPath);
    let size: { width: number; height: number } | undefined;
    try {
      // Only a path inside the site is read: `/../../etc/passwd` is no image of it (validation says so).
      const resolved = resolveSitePath(urlPath.split(/[?#]/)[0]!);
      if ('problem' in resolved) throw new Error(resolved.problem);
      const { width, height } = imageSize(readFileSync(path.join(publicDir, resolved.path)));
      size = width && height ? { width, height } : undefined;
    } catch {
      size = undefined;
    }
    cache.set(urlPath, size);
    return size;
  };
}
