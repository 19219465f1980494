import { createContext, useContext } from 'react';
import type { Pricing } from '../schemas/pricing.ts';
import type { Site } from '../schemas/site.ts';

export interface SiteInfo {
  site: Site;
  /** The copyright year: the build's year, or SOURCE_DATE_EPOCH's when set. */
  year: number;
  route: string;
  /** content/pricing.yaml, for the templates that show plans. */
  pricing: Pricing | undefined;
}

export const SiteContext = createContext<SiteInfo | null>(null);

/** The site settings, for server-rendered templates (islands receive what they need as props). */
export function useSite(): SiteInfo {
  const info = useContext(SiteContext);
  if (!info) throw new Error('useSite() is only available while rendering a page on the server');
  return info;
}
