import { statSync } from 'node:fs';

/** Sources beyond either limit are refused: decoding them would take seconds and gigabytes, for pixels no page shows. */
export const IMAGE_LIMITS = { pixels: 50_000_000, bytes: 30 * 1024 * 1024 };

/** Why a source in public/ is too large to process, if it is. */
export function tooLarge(file: string, size: { width: number; height: number }): string | undefined {
  const bytes = statSync(file).size;
  const pixels = size.width * size.height;
  if (pixels > IMAGE_LIMITS.pixels)
    return `${size.width} × ${size.height} is ${(pixels / 1e6).toFixed(1)} megapixels; images are processed up to ${IMAGE_LIMITS.pixels / 1e6}`;
  if (bytes > IMAGE_LIMITS.bytes)
    return `the file is ${(bytes / 1024 / 1024).toFixed(1)} MB; images are processed up to ${IMAGE_LIMITS.bytes / 1024 / 1024} MB`;
  return undefined;
}
