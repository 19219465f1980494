import type { Site } from '../schemas/site.ts';

/** Everything a page's <head> says about it. */
export interface PageHead {
  route: string;
  title: string;
  description: string;
  type?: 'website' | 'article';
  image?: string;
  imageAlt?: string;
  noindex?: boolean;
  jsonLd?: object;
  published?: string;
  modified?: string;
  feed?: boolean;
}

export function absoluteUrl(site: Site, route: string): string {
  return new URL(route, site.url.endsWith('/') ? site.url : `${site.url}/`).href.replace(/\/$/, route === '/' ? '/' : '');
}

/** Search results cut titles near 60–70 characters, so the site name is added only where it fits. */
export const TITLE_LIMIT = 70;

export function documentTitle(site: Site, head: PageHead): string {
  if (head.route === '/') return `${site.name} — ${site.tagline.replace(/\.$/, '')}`;
  const full = `${head.title} | ${site.name}`;
  return full.length <= TITLE_LIMIT ? full : head.title;
}
