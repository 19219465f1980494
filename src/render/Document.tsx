import { socialCardPath, useImageUses, type ImageLookup } from '../islands/images.tsx';
import type { PageHead, Site } from '../model.ts';
import { feedOf } from '../schemas/site.ts';
import { absoluteUrl, siteUrl } from '../routes/urls.ts';

export interface DocumentProps {
  site: Site;
  /** The path the site is published under: the stylesheet, scripts, favicon and feed are paths of the site under it. */
  base: string;
  head: PageHead;
  /** The page's `<title>`, as the site's templates make it. */
  title: string;
  images: ImageLookup;
  stylesheet: string;
  loader: string | undefined;
  body: string;
}

/**
 * The complete HTML document around a rendered page. Under a base, `<html data-base>` tells the
 * loader which base the islands were rendered with, so that hydration renders the same URLs.
 */
export function Document({ site, base, head, title, images, stylesheet, loader, body }: DocumentProps) {
  const url = absoluteUrl(site, head.route);
  const used = useImageUses();
  const image = absoluteUrl(site, socialImage(head.image ?? site.socialImage, head.imageFocus, images, used));
  // The structured data names the same picture as the link previews.
  const jsonLd = head.jsonLd && 'image' in head.jsonLd ? { ...head.jsonLd, image } : head.jsonLd;
  return (
    <html lang={site.language} data-base={base || undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={head.description} />
        {head.noindex ? <meta name="robots" content="noindex" /> : <link rel="canonical" href={url} />}
        <meta name="theme-color" content={site.themeColor} />
        <link rel="icon" href={siteUrl(base, '/favicon.svg')} type="image/svg+xml" />
        <link rel="stylesheet" href={siteUrl(base, stylesheet)} />
        {head.feed ? <link rel="alternate" type="application/atom+xml" title={feedOf(site).title} href={siteUrl(base, '/feed.xml')} /> : null}
        <meta property="og:site_name" content={site.name} />
        <meta property="og:type" content={head.type ?? 'website'} />
        <meta property="og:title" content={head.title} />
        <meta property="og:description" content={head.description} />
        <meta property="og:url" content={url} />
        <meta property="og:image" content={image} />
        {head.imageAlt ? <meta property="og:image:alt" content={head.imageAlt} /> : null}
        {head.published ? <meta property="article:published_time" content={head.published} /> : null}
        {head.modified ? <meta property="article:modified_time" content={head.modified} /> : null}
        <meta name="twitter:card" content="summary_large_image" />
        <meta name="twitter:title" content={head.title} />
        <meta name="twitter:description" content={head.description} />
        <meta name="twitter:image" content={image} />
        {jsonLd ? <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(jsonLd) }} /> : null}
        {loader ? <script type="module" src={siteUrl(base, loader)} /> : null}
      </head>
      <body dangerouslySetInnerHTML={{ __html: body }} />
    </html>
  );
}

/** Link previews show the image's social card (1200 × 630, cropped around its focal point); an image the pipeline does not know is used as it is. */
function socialImage(src: string, focus: PageHead['imageFocus'], images: ImageLookup, used: (path: string) => string): string {
  const image = images(src);
  return image?.hash ? used(socialCardPath(image, focus)) : src;
}

/** JSON inside <script> must not be able to close the element. */
function jsonForScript(value: object): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
