import { createContext, useContext } from 'react';
import { useSiteUrl } from './base.ts';

/**
 * Images as templates and islands see them. A raster image of public/ is published only as the
 * variants the image pipeline makes of it (AVIF, WebP and its own format at the widths a
 * template slot asks for, metadata stripped), named by a hash of its bytes: a page, an island
 * in the browser and the builder all derive the same URLs from this plain description, without
 * reading the file again. An SVG (or an image the pipeline does not know) is used as it is.
 */
export interface ImageSource {
  /** The path of the file in public/ (`/images/team/maya.jpg`). */
  src: string;
  /** As displayed: after its EXIF orientation is applied. */
  width: number;
  height: number;
  /** The hash that names the image's processed files (its variants, its social card). */
  hash?: string;
  /** The format of a raster source; an SVG has none and is used as it is. */
  format?: RasterFormat;
}

export type RasterFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif';
export type OutputFormat = 'avif' | 'webp' | 'jpeg' | 'png';

/** Where a template shows an image: the widths it is made at and how wide the slot is at each breakpoint. */
export interface ImageSlot {
  widths: readonly number[];
  /** The `sizes` attribute: the slot's rendered width, media query by media query. */
  sizes: string;
}

/** A point of an image kept in view when it is cropped, in fractions of its width and height (0.5, 0.5 is the centre). */
export interface FocalPoint {
  x: number;
  y: number;
}

/** The folder of processed images under the output's assets. */
export const IMAGE_FOLDER = '/assets/img';

/** Link previews (Open Graph, Twitter): the size every network shows without cropping. */
export const SOCIAL_CARD = { width: 1200, height: 630 } as const;

/** Each output format's media type is its name under image/ (image/avif, image/webp, image/jpeg, image/png). */
const mimeType = (format: OutputFormat) => `image/${format}`;
const EXTENSION: Record<OutputFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg', png: 'png' };

/** The format old browsers get: the source's own, except that a GIF's first frame becomes a PNG and an AVIF a JPEG. */
export function fallbackFormat(format: RasterFormat): OutputFormat {
  if (format === 'gif') return 'png';
  if (format === 'avif') return 'jpeg';
  return format;
}

/** The widths an image is made at for a slot: those it has pixels for, and its own width in place of any larger one. */
export function slotWidths(image: ImageSource, widths: readonly number[]): number[] {
  const fitting = [...new Set(widths)].filter((w) => w < image.width).sort((a, b) => a - b);
  return Math.max(...widths) >= image.width || !fitting.length ? [...fitting, image.width] : fitting;
}

export function variantPath(image: ImageSource, width: number, format: OutputFormat): string {
  return `${IMAGE_FOLDER}/${image.hash}-${width}.${EXTENSION[format]}`;
}

/** The social card of an image: 1200 × 630, cropped around the focal point (percentages in the name). */
export function socialCardPath(image: ImageSource, focus: FocalPoint = { x: 0.5, y: 0.5 }): string {
  return `${IMAGE_FOLDER}/${image.hash}-og${Math.round(focus.x * 100)}x${Math.round(focus.y * 100)}.jpg`;
}

/** A processed image's name read back: what the pipeline must make for it. */
export type VariantRequest = { hash: string; kind: 'width'; width: number; format: OutputFormat } | { hash: string; kind: 'social'; focus: FocalPoint };

const VARIANT_NAME = /^([0-9A-Za-z]+)-(?:(\d+)\.(avif|webp|jpg|png)|og(\d+)x(\d+)\.jpg)$/;

export function parseVariantPath(file: string): VariantRequest | undefined {
  const match = VARIANT_NAME.exec(file.slice(file.lastIndexOf('/') + 1));
  if (!match) return undefined;
  const [, hash, width, extension, x, y] = match as unknown as [string, string, string?, string?, string?, string?];
  if (width) return { hash, kind: 'width', width: Number(width), format: extension === 'jpg' ? 'jpeg' : (extension as OutputFormat) };
  return { hash, kind: 'social', focus: { x: Number(x) / 100, y: Number(y) / 100 } };
}

/** Describes a path of public/ as an image (reading it once); the builder provides it around every page it renders. */
export type ImageLookup = (src: string) => ImageSource | undefined;

const ImageContext = createContext<ImageLookup>(() => undefined);
export const SiteImages = ImageContext.Provider;

/**
 * The processed images a render names, as templates name them (a Picture's variants, a page's
 * social card): the builder makes exactly these. Only the builder provides it; in the browser
 * nothing is collected.
 */
const ImageUseContext = createContext<Set<string> | undefined>(undefined);
export const ImageUses = ImageUseContext.Provider;

/** Reports the processed images a component names to the render collecting them, if any. */
export function useImageUses(): (path: string) => string {
  const used = useContext(ImageUseContext);
  return (path) => {
    used?.add(path.slice(1));
    return path;
  };
}

/** The description of an image a template names by its path; unknown files stand in as they are, at the size given. */
export function useImageSource(): (src: string, size?: { width?: number | string; height?: number | string }) => ImageSource {
  const lookup = useContext(ImageContext);
  return (src, size) => lookup(src) ?? { src, width: Number(size?.width) || 0, height: Number(size?.height) || 0 };
}

export interface PictureProps {
  image: ImageSource;
  slot: ImageSlot;
  alt: string;
  /** The page's largest image: loaded first, never lazily. */
  priority?: boolean;
  className?: string;
  /** What a phone shows instead (screens narrower than `NARROW_SCREEN`): a crop of the same picture whose details stay readable there. */
  narrow?: ImageSource;
}

/** The screens `narrow` images are for: those below Tailwind's `sm` breakpoint. */
export const NARROW_SCREEN = '(max-width: 639px)';

const sizeOf = (image: ImageSource) => (image.width && image.height ? { width: image.width, height: image.height } : {});

type RasterImage = ImageSource & { format: RasterFormat };
const isRaster = (image: ImageSource): image is RasterImage => Boolean(image.hash && image.format);

/** A raster image's variants for a slot: the widths it is made at, the format old browsers get, each variant's URL and a `srcset` per format. */
function variants(image: RasterImage, slot: ImageSlot, url: (path: string) => string, used: (path: string) => string) {
  const widths = slotWidths(image, slot.widths);
  const at = (width: number, format: OutputFormat) => url(used(variantPath(image, width, format)));
  return { widths, fallback: fallbackFormat(image.format), at, srcset: (format: OutputFormat) => widths.map((w) => `${at(w, format)} ${w}w`).join(', ') };
}

/**
 * The `<source>`s of an image for the screens `media` matches (all of them without it): AVIF,
 * WebP and its own format at the slot's widths for a raster image; the file itself for an SVG.
 * A source's own size keeps a narrow crop from shifting the layout.
 */
function Sources({ image, slot, media }: { image: ImageSource; slot: ImageSlot; media?: string }) {
  const url = useSiteUrl();
  const used = useImageUses();
  const size = media ? sizeOf(image) : {};
  if (!isRaster(image)) return <source media={media} srcSet={url(image.src)} {...size} />;
  const { fallback, srcset } = variants(image, slot, url, used);
  const formats: OutputFormat[] = ['avif', ...(fallback === 'webp' ? [] : (['webp'] as const)), ...(media ? [fallback] : [])];
  return (
    <>
      {formats.map((format) => (
        <source key={format} media={media} type={mimeType(format)} srcSet={srcset(format)} sizes={slot.sizes} {...size} />
      ))}
    </>
  );
}

/**
 * An image in a template slot: for a raster source, a `<picture>` offering AVIF and WebP at the
 * slot's widths with the slot's `sizes`, so the browser fetches the smallest file that fills
 * the slot; `width` and `height` keep the layout from shifting. Every URL goes under the base.
 * With a `narrow` image, phones get that one instead.
 */
export function Picture({ image, slot, alt, priority, className, narrow }: PictureProps) {
  const url = useSiteUrl();
  const used = useImageUses();
  const loading = priority ? ({ fetchPriority: 'high' } as const) : ({ loading: 'lazy', decoding: 'async' } as const);
  const forPhones = narrow ? <Sources image={narrow} slot={slot} media={NARROW_SCREEN} /> : null;
  if (!isRaster(image)) {
    const img = <img src={url(image.src)} alt={alt} {...sizeOf(image)} {...loading} className={className} />;
    return forPhones ? (
      <picture>
        {forPhones}
        {img}
      </picture>
    ) : (
      img
    );
  }
  const { widths, fallback, at, srcset } = variants(image, slot, url, used);
  const middle = widths.find((w) => w >= 800) ?? widths[widths.length - 1]!;
  return (
    <picture>
      {forPhones}
      <Sources image={image} slot={slot} />
      <img src={at(middle, fallback)} srcSet={srcset(fallback)} sizes={slot.sizes} alt={alt} {...sizeOf(image)} {...loading} className={className} />
    </picture>
  );
}
