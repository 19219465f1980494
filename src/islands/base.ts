import { createContext, useCallback, useContext } from 'react';
import { siteUrl } from '../routes/urls.ts';

/**
 * The path the site is published under ('' at the root of its host). The server provides it
 * around every page and every island it renders, and the browser around every island it
 * hydrates (read from the page), so both paint the same URLs.
 */
const BaseContext = createContext('');

export const SiteBase = BaseContext.Provider;

/**
 * Turns a path of the site (`/about`, `/images/a.svg`, a route, a content href) into the URL it
 * has on the built site. Templates and islands write site paths and pass every URL they put in
 * markup through this; anything else (`#id`, `https:`, `mailto:`) comes back unchanged.
 */
export function useSiteUrl(): (path: string) => string {
  const base = useContext(BaseContext);
  return useCallback((path: string) => siteUrl(base, path), [base]);
}
