import { readFileSync, statSync } from 'node:fs';

/** Sources beyond either limit are refused: decoding them would take seconds and gigabytes, for pixels no page shows. */
export const IMAGE_LIMITS = { pixels: 50_000_000, bytes: 30 * 1024 * 1024 };

/** Why a source in public/ is too large to process, if it is. */
export function tooLarge(file: string, size: { width: number; height: number }): string | undefined {
  const bytes = statSync(file).size;
  const pixels = size.width * size.height;
  if (pixels > IMAGE_LIMITS.pixels) return `${size.width} × ${size.height} is ${(pixels / 1e6).toFixed(1)} megapixels; images are processed up to ${IMAGE_LIMITS.pixels / 1e6}`;
  if (bytes > IMAGE_LIMITS.bytes) return `the file is ${(bytes / 1024 / 1024).toFixed(1)} MB; images are processed up to ${IMAGE_LIMITS.bytes / 1024 / 1024} MB`;
  return undefined;
}

/**
 * What makes an SVG unsafe to publish as it is: it runs in the site's origin when opened on its
 * own, so no scripts, event handlers or embedded HTML, and no references to other files or hosts
 * (which could track readers or change what it shows). Links inside the file (#id) are fine.
 */
export function svgProblem(file: string): string | undefined {
  const text = readFileSync(file, 'utf8');
  if (/<script[\s>/]/i.test(text)) return 'it holds a <script>';
  if (/<foreignObject[\s>/]/i.test(text)) return 'it embeds HTML (<foreignObject>)';
  const handler = /\son[a-z]+\s*=/i.exec(text);
  if (handler) return `it has an event attribute (${handler[0].trim().replace(/\s*=$/, '')})`;
  for (const match of text.matchAll(/(?:xlink:)?href\s*=\s*["']\s*([^"']*)["']/gi)) {
    if (!match[1]!.startsWith('#')) return `it refers to another file or host (${match[0].trim()})`;
  }
  const url = /url\(\s*['"]?\s*([^'")\s]+)/i.exec(text);
  if (url && !url[1]!.startsWith('#')) return `it refers to another file or host (url(${url[1]}))`;
  if (/@import/i.test(text)) return 'its style imports another file (@import)';
  return undefined;
}
