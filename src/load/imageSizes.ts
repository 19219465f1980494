import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { imageSize } from 'image-size';
import type { ImageSource, RasterFormat } from '../islands/images.tsx';
import { resolveSitePath } from '../routes/sitePath.ts';

/** Describes an image of public/ (its displayed size; for a raster, the hash naming its variants), or undefined when it cannot be read. */
export type ImageSizer = (urlPath: string) => ImageSource | undefined;

/**
 * How processed images are made (see bundle/imageVariants.ts): part of every variant's name, so
 * that changing it gives new names and the cache and browsers never serve the old bytes.
 */
export const IMAGE_PROCESSING = 'sitegen-images/1 avif:q50e1 webp:q75 jpeg:q78mozjpeg png:palette';

const RASTER: Partial<Record<string, RasterFormat>> = { jpg: 'jpeg', png: 'png', webp: 'webp', avif: 'avif', gif: 'gif' };

/** The file extensions of raster images, which are published only through the image pipeline. */
export const RASTER_EXTENSION = /\.(jpe?g|png|webp|avif|gif)$/i;

/** Reads images of public/ once per file: size (EXIF orientation applied), raster format, and a hash of the bytes. */
export function createImageSizer(publicDir: string): ImageSizer {
  const cache = new Map<string, ImageSource | undefined>();
  return (urlPath) => {
    if (cache.has(urlPath)) return cache.get(urlPath);
    let image: ImageSource | undefined;
    try {
      // Only a path inside the site is read: `/../../etc/passwd` is no image of it (validation says so).
      const resolved = resolveSitePath(urlPath.split(/[?#]/)[0]!);
      if ('problem' in resolved) throw new Error(resolved.problem);
      const bytes = readFileSync(path.join(publicDir, resolved.path));
      const { width, height, type, orientation } = imageSize(bytes);
      // Orientations 5 to 8 turn the picture a quarter: it is displayed with its sides swapped.
      const turned = orientation !== undefined && orientation >= 5;
      const format = type ? RASTER[type] : undefined;
      // An SVG has a hash too: its social card is rendered from it.
      if (width && height)
        image = { src: urlPath, width: turned ? height : width, height: turned ? width : height, hash: imageHash(bytes), ...(format && { format }) };
    } catch {
      image = undefined;
    }
    cache.set(urlPath, image);
    return image;
  };
}

function imageHash(bytes: Uint8Array): string {
  return createHash('sha256').update(IMAGE_PROCESSING).update(bytes).digest('base64url').replace(/[-_]/g, '0').slice(0, 16);
}
