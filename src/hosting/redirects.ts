import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { routeForOutputPath } from '../routes/outputPath.ts';
import { sortedByKey } from '../text.ts';

/**
 * The redirects of a built site, as the build records them beside the pages: a dot file, so it
 * is never published, which `serve`, `publish` and `diff` read to know which pages are redirects
 * without looking into them.
 */
export const REDIRECTS_FILE = '.sitegen-redirects.json';

export const redirectRecordSchema = z.record(
  z.string().startsWith('/'),
  z.strictObject({
    /** The Location a visitor is sent to: a path with the site's base, or an https:// address. */
    location: z.string().min(1),
    status: z.union([z.literal(301), z.literal(302)]),
  }),
);

/** From route → where it leads and with which status. */
export type RedirectRecord = z.infer<typeof redirectRecordSchema>;

export const redirectStatus = (permanent: boolean): 301 | 302 => (permanent ? 301 : 302);

/** The record as the build writes it: sorted by route, so the same redirects give the same bytes. */
export function redirectRecordText(record: RedirectRecord): string {
  return `${JSON.stringify(sortedByKey(record), null, 2)}\n`;
}

/** The redirects a built folder records; none for a folder without the file (a site without redirects, or built before sitegen had them). */
export function readRedirectRecord(folder: string): RedirectRecord {
  let text: string;
  try {
    text = readFileSync(path.join(folder, REDIRECTS_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    data = undefined;
  }
  const parsed = redirectRecordSchema.safeParse(data);
  if (!parsed.success) throw new Error(`${path.join(folder, REDIRECTS_FILE)} is damaged: build the site again`);
  return parsed.data;
}

/** The redirect a built file stands for (a redirect's page, at the old address), if it is one. */
export function redirectOfFile(record: RedirectRecord, file: string): RedirectRecord[string] | undefined {
  const route = routeForOutputPath(file);
  return route !== undefined && Object.hasOwn(record, route) ? record[route] : undefined;
}
