/**
 * The generator as templates see it: templates/ imports sitegen only through this module (a lint
 * rule, eslint.config.js), so what templates rely on is declared in one place, re-exported from
 * where it lives. Code the browser runs (islands, and the components they render) imports the
 * islands' runtime itself, src/islands/base.ts and images.tsx, so that an island's bundle holds
 * only what it uses: through here it would take in zod and node:crypto, and even images.tsx
 * beside useSiteUrl would load its chunk in every island (a module re-exported is evaluated).
 */
export { useSiteUrl } from './islands/base.ts';
export { Picture, useImageSource, type ImageSlot, type ImageSource } from './islands/images.tsx';

// Declaring the site (its collections, page templates and data files) and the types the generator hands templates.
export {
  collectionsOf,
  defineCollection,
  definePage,
  defineSite,
  type Collections,
  type CollectionsOf,
  type EntryPageProps,
  type EntryProblem,
  type PageHead,
  type PageProblem,
  type PageVariant,
  type Release,
  type Site,
  type SiteData,
  type SiteRule,
} from './model.ts';
export type { SchemaCode } from './rules.ts';

// The schemas of values every site has (text, dates, links, images of public/) and of the data files sitegen reads itself.
export { assetPath, href, httpsUrl, isoDate, link, SLUG, text } from './schemas/common.ts';
export { redirectsSchema } from './schemas/redirects.ts';
export { siteCoreSchema } from './schemas/site.ts';

// Rendering: islands, the site's settings, and helpers for addresses, reading times and the data files pages publish.
export { Island } from './islands/Island.tsx';
export { useSite, type SiteInfo } from './render/siteContext.ts';
export { absoluteUrl } from './routes/urls.ts';
export { readingMinutes } from './markdown/readingTime.ts';
export { contentHash } from './hash.ts';
export { ASSETS_DIR } from './hosting/policy.ts';
