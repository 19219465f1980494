import { useSite } from '../../src/template-api.ts';

/**
 * The band at the top of every page of a preview (a build with drafts, and watch): a reader who
 * was sent a preview's address must not take it for the live site, nor its drafts for news.
 */
export function PreviewNotice() {
  const { preview, site } = useSite();
  if (!preview) return null;
  return (
    <aside aria-label="Preview" className="border-b border-amber-400 bg-amber-50 text-sm text-amber-900">
      <p className="container-page py-2">
        <strong className="font-semibold">Preview</strong> of an unpublished change, drafts included: not the live {site.name} site, and not indexed by search
        engines.
      </p>
    </aside>
  );
}
