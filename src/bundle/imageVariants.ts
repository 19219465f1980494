import type sharpModule from 'sharp';
import type { Sharp, SharpOptions } from 'sharp';
import { SOCIAL_CARD, type FocalPoint, type OutputFormat, type VariantRequest } from '../islands/images.tsx';

type SharpModule = typeof sharpModule;

/** Sources larger than this are refused before they are decoded (validation says so first, with the line naming them). */
export const MAX_PIXELS = 50_000_000;

/** sharp and libvips are loaded by the first build that has an image to make, not by every command. */
export function loadSharp(): Promise<SharpModule> {
  return import('sharp').then((module) => module.default);
}

/**
 * Makes the requested variants of one source. Each is oriented as its EXIF says, converted to
 * sRGB and written without any metadata (EXIF, GPS, XMP, ICC, comments: sharp keeps none unless
 * asked); widths are never larger than the source's. An SVG is rendered at the density its
 * largest variant needs. Throws when the source cannot be decoded.
 */
export async function makeVariants(sharp: SharpModule, input: Uint8Array, svg: boolean, requests: VariantRequest[]): Promise<Uint8Array[]> {
  const options: SharpOptions = { limitInputPixels: MAX_PIXELS, failOn: 'error', animated: false };
  const source = () => sharp(input, svg ? { ...options, density: svgDensity(input, requests) } : options);
  const { width, height } = await source()
    .autoOrient()
    .metadata()
    .then((m) => oriented(m));
  // One variant at a time: libvips already spreads each over the cores, and memory stays that of one decoded source.
  const made: Uint8Array[] = [];
  for (const request of requests) {
    const image = source().autoOrient().toColourspace('srgb');
    if (request.kind === 'width') made.push(await encode(image.resize({ width: Math.min(request.width, width), withoutEnlargement: true }), request.format));
    // A social card is fetched by every platform a page is shared on: worth mozjpeg's slower, smaller encoding.
    else made.push(await socialCrop(image, width, height, request.focus).jpeg({ quality: 80, mozjpeg: true }).toBuffer());
  }
  return made;
}

/** The size a decoded image is displayed at: its sides swapped when its orientation turns it a quarter. */
function oriented({ width, height, orientation }: { width?: number; height?: number; orientation?: number }): { width: number; height: number } {
  if (!width || !height) throw new Error('the file has no width or height');
  return orientation && orientation >= 5 ? { width: height, height: width } : { width, height };
}

/** Scales the image to cover 1200 × 630 and cuts the card out around the focal point, kept inside the image. */
function socialCrop(image: Sharp, width: number, height: number, focus: FocalPoint): Sharp {
  const scale = Math.max(SOCIAL_CARD.width / width, SOCIAL_CARD.height / height);
  const scaled = { width: Math.max(SOCIAL_CARD.width, Math.round(width * scale)), height: Math.max(SOCIAL_CARD.height, Math.round(height * scale)) };
  const clamp = (value: number, max: number) => Math.min(Math.max(Math.round(value), 0), max);
  const left = clamp(focus.x * scaled.width - SOCIAL_CARD.width / 2, scaled.width - SOCIAL_CARD.width);
  const top = clamp(focus.y * scaled.height - SOCIAL_CARD.height / 2, scaled.height - SOCIAL_CARD.height);
  return image.resize(scaled.width, scaled.height, { fit: 'fill' }).extract({ left, top, ...SOCIAL_CARD });
}

/**
 * Settings chosen for photographs, and for the time a cold build spends on them (every variant
 * of every source): AVIF at effort 1 is four times faster than the default for about a tenth
 * more bytes, WebP at effort 2 twice as fast as the default for about 6 % more. The fallback,
 * which only browsers without AVIF and WebP fetch, is plain progressive JPEG: mozjpeg would take
 * four times as long.
 */
function encode(image: Sharp, format: OutputFormat): Promise<Buffer> {
  switch (format) {
    case 'avif':
      return image.avif({ quality: 50, effort: 1 }).toBuffer();
    case 'webp':
      return image.webp({ quality: 75, effort: 2 }).toBuffer();
    case 'jpeg':
      return image.jpeg({ quality: 78, progressive: true }).toBuffer();
    case 'png':
      return image.png({ palette: true, compressionLevel: 9 }).toBuffer();
  }
}

/** An SVG's density (72 is its own size) at which its widest variant needs no enlarging. */
function svgDensity(input: Uint8Array, requests: VariantRequest[]): number {
  const text = Buffer.from(input).toString('utf8', 0, 2048);
  const width = Number(/\bwidth="([\d.]+)/.exec(text)?.[1]) || Number(/viewBox="[\d.\s-]+?\s([\d.]+)\s[\d.]+"/.exec(text)?.[1]) || SOCIAL_CARD.width;
  const widest = Math.max(...requests.map((r) => (r.kind === 'width' ? r.width : SOCIAL_CARD.width * 1.5)));
  return Math.min(72 * Math.max(1, widest / width), 2400);
}
