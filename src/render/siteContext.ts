import { createContext, useContext } from 'react';
import type { Site, SiteData } from '../model.ts';

/** What a page's templates are given while it renders; a site's templates name their own extension of the site's settings as `S`. */
export interface SiteInfo<S extends Site = Site> {
  site: S;
  /** The site's data files by name (templates/index.ts), for the templates that show them. */
  data: SiteData;
  /** The copyright year: the build's year, or SOURCE_DATE_EPOCH's when set. */
  year: number;
  /** A preview (a build with drafts, and watch): the layout says so on every page. */
  preview: boolean;
  route: string;
}

export const SiteContext = createContext<SiteInfo | null>(null);

/** The site settings, for server-rendered templates (islands receive what they need as props). */
export function useSite(): SiteInfo {
  const info = useContext(SiteContext);
  if (!info) throw new Error('useSite() is only available while rendering a page on the server');
  return info;
}
