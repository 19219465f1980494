import { z } from 'zod';
import { httpsAsWritten } from './common.ts';

/** One part of a site path: the characters a URL, a bucket key and a file name all take as they are (no dot first). */
const PART = '[A-Za-z0-9_~-][A-Za-z0-9._~-]*';

/** A clean path of the site: `/`, then parts separated by single slashes, with no slash at the end, no query and no fragment. */
export const CLEAN_SITE_PATH = new RegExp(`^(/${PART})+$`);

const from = z
  .string()
  .regex(
    CLEAN_SITE_PATH,
    'must be a path of the site such as /old-page: a / then names of letters, digits, -, _, ~ and . (not first), with no slash at the end, no ? and no #',
  )
  .describe('The old address, a path of the site such as /old-page: no page or file of the site may have it.');

/**
 * An address of another site as a browser reads it: https://, a host (and a port), then what URLs
 * may hold as they are. Nothing that a browser reads as another host (a backslash, a user before an
 * @) or that could end the Location header or the redirect page's attribute (quotes, < >, spaces).
 */
const OTHER_SITE = "https://[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?(?::[0-9]+)?(?:[/?#][A-Za-z0-9._~:/?#\\[\\]!$&'()*+,;=%-]*)?";

const to = z
  .string()
  .regex(new RegExp(`^(/|(/${PART})+|${OTHER_SITE})$`), {
    message:
      'must be the path of a page of the site, such as /pricing-preview, or an https:// address: its host right after https://, such as https://example.com/page, in plain ASCII with no spaces, quotes, < >, \\ or @ (percent-encode other characters)',
    abort: true,
  })
  .superRefine(httpsAsWritten)
  .describe('Where visitors of the old address are sent: the path of a page of the site (such as /pricing-preview), or an https:// address of another site.');

export const redirectSchema = z.strictObject({
  from,
  to,
  permanent: z
    .boolean()
    .default(false)
    .describe('true for a move that will not be undone (301: browsers and search engines remember it); false or absent for a temporary one (302).'),
});

export const redirectsSchema = z
  .strictObject({
    redirects: z.array(redirectSchema).describe('The redirects, one per old address.'),
  })
  .describe(
    'Old addresses of the site and where they now lead: each is served with a redirect and published as an S3 website redirect with a small HTML page.',
  );

export type Redirect = z.infer<typeof redirectSchema>;
export type Redirects = z.infer<typeof redirectsSchema>;
