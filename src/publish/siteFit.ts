import { describeMode, type BuildMode } from '../hosting/buildMode.ts';

/**
 * Why a built site must not be published at `prefix`, in one line that says what to run
 * instead; undefined when it fits. A site fits the place its URLs were built for: the bucket's
 * root for a build without `--base`, `previews/pr-7/` for `--base /previews/pr-7`. Drafts are
 * for previews: never at the root, where the live site is.
 */
export function siteFitProblem(dir: string, mode: BuildMode | undefined, prefix: string): string | undefined {
  if (!mode)
    return `${dir} does not say how it was built (it has no .sitegen-output marker with its mode: not sitegen's output, or made by a sitegen before 1.2): build it again with \`sitegen build\``;
  const base = prefix ? `/${prefix.slice(0, -1)}` : '';
  const built = describeMode(mode);
  if (mode.base !== base) {
    if (!prefix)
      return `${dir} is ${built}, whose links lead into ${mode.base}: publish it with --prefix ${mode.base.slice(1)}/, or build the live site without --base`;
    if (!mode.base)
      return `${dir} is ${built}, whose links lead to the bucket's root, not into ${prefix}: build it with --base ${base} to publish it at --prefix ${prefix}`;
    return `${dir} is ${built}, whose links lead into ${mode.base}, not into ${prefix}: build it with --base ${base}, or publish it with --prefix ${mode.base.slice(1)}/`;
  }
  if (mode.drafts && !prefix)
    return `${dir} is ${built}: its drafts and scheduled articles are for previews, never the live site at the bucket's root; build it without --drafts to publish it here (watch's output is never published)`;
  return undefined;
}
