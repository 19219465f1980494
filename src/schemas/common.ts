import { z } from 'zod';

/** Building blocks shared by the content schemas. Link fields are named `href`, asset fields `src`, `image`, `thumbnail`, `poster` or `logo`: the link checker finds them by name. */
export const text = z.string().trim().min(1, 'must not be empty');

export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be an ISO date (YYYY-MM-DD)')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), 'is not a real calendar date');

/** A root-relative path to a file in public/. */
export const assetPath = z.string().regex(/^\/[^\s?#]+\.(svg|png|jpe?g|webp|avif|gif|ico|pdf)$/i, 'must be a root-relative file path such as /images/photo.svg');

/** An internal route (`/about`, `/articles/x#part`) or an absolute https/mailto/tel URL. */
export const href = z
  .string()
  .regex(/^(\/[^\s]*|https:\/\/[^\s]+|mailto:[^\s]+|tel:[^\s]+|#[\w-]+)$/, 'must be a root-relative path, an https:// URL, mailto: or tel:');

/** A lowercase slug such as `end-to-end-platform`: file names, keys and routes use them. */
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const httpsUrl = z.string().regex(/^https:\/\/[^\s]+$/, 'must be an https:// URL');

export const link = z.strictObject({ label: text, href });
export type Link = z.infer<typeof link>;
