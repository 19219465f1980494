import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { OUTPUT_MARKER } from '../config.ts';

/**
 * How a site was built, which decides where it may be published: with drafts (marked, kept from
 * search engines: a preview), under a base path (every URL starts with it), for another site URL.
 * Every output records it in its marker, and its page manifest carries it, so `publish` and
 * `diff` know what they are handed.
 */
export const buildModeSchema = z.strictObject({
  drafts: z.boolean(),
  /** `''` at the host's root, else `/previews/pr-42`. */
  base: z.string(),
  /** The `--site-url` the build was given; null when it used site.yaml's. */
  siteUrl: z.string().nullable(),
});

export type BuildMode = z.infer<typeof buildModeSchema>;

/** A plain build: what `sitegen build` makes with no option, and what the live site is. */
export const PLAIN_BUILD: BuildMode = { drafts: false, base: '', siteUrl: null };

export const sameMode = (a: BuildMode, b: BuildMode) => a.drafts === b.drafts && a.base === b.base && a.siteUrl === b.siteUrl;

/** The options that make such a build, as a user would type them: `a plain build` for none. */
export function describeMode(mode: BuildMode): string {
  const options = [
    ...(mode.drafts ? ['--drafts'] : []),
    ...(mode.base ? [`--base ${mode.base}`] : []),
    ...(mode.siteUrl ? [`--site-url ${mode.siteUrl}`] : []),
  ];
  return options.length ? `a build with ${options.join(' ')}` : 'a plain build';
}

/**
 * The pages a build knows of that readers cannot see yet, by route: drafts, and articles scheduled
 * for a later day. A build with drafts writes them (marked); a plain build leaves them out and
 * records them all the same, so that `diff` can say what only the preview shows.
 */
export const unreleasedSchema = z.record(
  z.string().startsWith('/'),
  z.discriminatedUnion('status', [z.strictObject({ status: z.literal('draft') }), z.strictObject({ status: z.literal('scheduled'), date: z.string() })]),
);

export type UnreleasedPages = z.infer<typeof unreleasedSchema>;

/** How a draft or scheduled page is marked where it is listed: `draft`, `scheduled for 2026-03-02`. */
export const releaseMark = (release: UnreleasedPages[string]): string => (release.status === 'draft' ? 'draft' : `scheduled for ${release.date}`);

// A record this sitegen cannot read (a later one's) is no record: the mode stays readable, and publish still knows what it is handed.
const markerSchema = z.object({ generator: z.literal('sitegen'), mode: buildModeSchema.optional(), unreleased: unreleasedSchema.optional().catch(undefined) });

/** What a built folder's marker says, or undefined when it has no marker sitegen can read. */
function readMarker(folder: string): z.infer<typeof markerSchema> | undefined {
  let text: string;
  try {
    text = readFileSync(path.join(folder, OUTPUT_MARKER), 'utf8');
  } catch {
    return undefined;
  }
  try {
    return markerSchema.safeParse(JSON.parse(text)).data;
  } catch {
    return undefined;
  }
}

/**
 * The mode a built folder records in its marker: undefined when the folder has no marker that
 * says (not sitegen's output, or one made before outputs recorded their mode).
 */
export function outputMode(folder: string): BuildMode | undefined {
  return readMarker(folder)?.mode;
}

/** The unreleased pages a built folder records (none for an output made before outputs recorded them). */
export function outputUnreleased(folder: string): UnreleasedPages {
  return readMarker(folder)?.unreleased ?? {};
}
