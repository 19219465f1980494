import type { Site } from '../schemas/site.ts';

/**
 * A path of the site as a URL of the built site: under the base the site is published at
 * (`/previews/pr-42`), or unchanged without one. Only root-relative paths are the site's own:
 * fragments, relative paths, `//host` and URLs with a scheme are left as they are.
 */
export function siteUrl(base: string, path: string): string {
  if (!base || !path.startsWith('/') || path.startsWith('//')) return path;
  return base + path;
}

/**
 * A route or path of the site as an absolute URL under the site's address. The address may
 * have a path of its own (a preview's base): the route goes under it, not in its place.
 */
export function absoluteUrl(site: Pick<Site, 'url'>, route: string): string {
  const root = new URL(site.url.endsWith('/') ? site.url : `${site.url}/`);
  const path = route.startsWith('/') && !route.startsWith('//') ? root.pathname.replace(/\/$/, '') + route : route;
  return new URL(path, root).href.replace(/\/$/, route === '/' ? '/' : '');
}

/** Where a build is published: the path under its host ('' at the root) and, when not site.yaml's, the site's URL. */
export interface SiteAddress {
  base: string;
  siteUrl?: string;
}

/**
 * The site's settings with `url` the address of the site's root as published: the site URL
 * (site.yaml's, or the one given for a preview host) followed by the base. Canonical links,
 * og:url, structured data, the sitemap and the feed are made from it.
 */
export function placeSite<S extends { url: string }>(site: S, address: SiteAddress): S {
  if (!address.base && address.siteUrl === undefined) return site;
  return { ...site, url: (address.siteUrl ?? site.url).replace(/\/+$/, '') + address.base };
}
