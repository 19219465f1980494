import type { Release } from '../../src/template-api.ts';
import { formatDate } from './dates.ts';

/** What a preview shows of an entry that is not live: "Draft", or "Scheduled for" its day. */
export function releaseLabel(release: Release): string | undefined {
  if (release.status === 'draft') return 'Draft';
  if (release.status === 'scheduled') return `Scheduled for ${formatDate(release.date)}`;
  return undefined;
}

/** A marker on cards of entries that are not live (shown only in builds with --drafts, and in watch). */
export function ReleaseBadge({ release, className = '' }: { release: Release | undefined; className?: string }) {
  const label = release && releaseLabel(release);
  if (!label) return null;
  return (
    <span className={`inline-block rounded-full border border-amber-400 bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-900 ${className}`}>
      {label}
    </span>
  );
}

/** The notice at the top of an entry's page that is not live: what it is and when readers will see it. */
export function ReleaseNotice({ release }: { release: Release }) {
  const label = releaseLabel(release);
  if (!label) return null;
  const when =
    release.status === 'scheduled' ? (
      'It goes live with the first build on that day.'
    ) : (
      <>
        It is published once its frontmatter no longer says <code className="font-mono text-xs">draft: true</code>.
      </>
    );
  return (
    <p role="note" className="mt-8 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-amber-400 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <ReleaseBadge release={release} className="bg-white" />
      <span>This preview shows an article the live site does not have yet. {when}</span>
    </p>
  );
}
