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

export function documentTitle(site: Site, head: PageHead): string {
  return head.route === '/' ? `${site.name} — ${site.tagline.replace(/\.$/, '')}` : `${head.title} | ${site.name}`;
}
