import { readFileSync } from 'node:fs';
import path from 'node:path';
import { imageSize } from 'image-size';
import type { ImageSizer } from '../markdown/parse.ts';

/** Reads intrinsic image sizes from public/ once per file; undefined when the file does not exist. */
export function createImageSizer(publicDir: string): ImageSizer {
  const cache = new Map<string, { width: number; height: number } | undefined>();
  return (urlPath) => {
    if (cache.has(urlPath)) return cache.get(urlPath);
    let size: { width: number; height: number } | undefined;
    try {
      const file = path.join(publicDir, decodeURIComponent(urlPath.split(/[?#]/)[0]!));
      const { width, height } = imageSize(readFileSync(file));
      size = width && height ? { width, height } : undefined;
    } catch {
      size = undefined;
    }
    cache.set(urlPath, size);
    return size;
  };
}
