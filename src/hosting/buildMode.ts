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
  const options = [...(mode.drafts ? ['--drafts'] : []), ...(mode.base ? [`--base ${mode.base}`] : []), ...(mode.siteUrl ? [`--site-url ${mode.siteUrl}`] : [])];
  return options.length ? `a build with ${options.join(' ')}` : 'a plain build';
}

const markerSchema = z.object({ generator: z.literal('sitegen'), mode: buildModeSchema.optional() });

/**
 * The mode a built folder records in its marker: undefined when the folder has no marker that
 * says (not sitegen's output, or one made before outputs recorded their mode).
 */
export function outputMode(folder: string): BuildMode | undefined {
  let text: string;
  try {
    text = readFileSync(path.join(folder, OUTPUT_MARKER), 'utf8');
  } catch {
    return undefined;
  }
  try {
    return markerSchema.safeParse(JSON.parse(text)).data?.mode;
  } catch {
    return undefined;
  }
}
