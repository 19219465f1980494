import { transform } from 'lightningcss';
import { contentHash } from '../hash.ts';
import { siteUrl } from '../routes/urls.ts';

/** A stylesheet named by its content. */
export function stylesheetFileName(css: string): string {
  return `site-${contentHash(css)}.css`;
}

/**
 * The stylesheet as the site serves it under `base`: every `url(/…)` names a path of the site
 * and goes under the base (data:, https: and relative URLs stay as they are); the file is named
 * by its new content. Read by lightningcss, so text in strings and comments is never taken for a URL.
 */
export function stylesheetUnder<S extends { fileName: string; css: string }>(stylesheet: S, base: string): S {
  if (!base) return stylesheet;
  const { code } = transform({
    filename: stylesheet.fileName,
    code: Buffer.from(stylesheet.css),
    minify: true,
    visitor: { Url: (url) => ({ ...url, url: siteUrl(base, url.url) }) },
  });
  const css = Buffer.from(code).toString('utf8');
  return { ...stylesheet, css, fileName: stylesheetFileName(css) };
}
