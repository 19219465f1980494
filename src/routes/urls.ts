import type { Site } from '../schemas/site.ts';

/** A route or path of the site as an absolute URL under the site's address. */
export function absoluteUrl(site: Site, route: string): string {
  return new URL(route, site.url.endsWith('/') ? site.url : `${site.url}/`).href.replace(/\/$/, route === '/' ? '/' : '');
}
