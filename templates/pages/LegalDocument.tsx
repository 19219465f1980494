import { type EntryPageProps, useSiteUrl } from '../../src/template-api.ts';
import type { LegalSummary } from '../collections/summaries.ts';
import { formatDate } from '../components/dates.ts';

/** A legal document: title, date at the top, a table of contents, numbered sections with anchors. */
export function LegalDocument({ entry: document, body }: EntryPageProps<LegalSummary>) {
  const url = useSiteUrl();
  const sections = body.headings.filter((h) => h.depth === 2);
  return (
    <article>
      <header className="border-b border-slate-200 bg-slate-50">
        <div className="container-page py-12 sm:py-16">
          <a href={url('/legal')} className="no-print text-sm font-semibold text-brand-700 hover:underline">
            ← Legal Stuff
          </a>
          <h1 className="mt-4 text-4xl font-extrabold tracking-tight text-ink-900 sm:text-5xl">{document.title}</h1>
          <p className="mt-4 text-slate-600">
            {document.dateLabel}: <time dateTime={document.date}>{formatDate(document.date)}</time>
          </p>
        </div>
      </header>
      <div className="container-page grid grid-cols-[minmax(0,1fr)] gap-12 py-12 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <nav aria-label="Contents" className="no-print lg:sticky lg:top-24 lg:max-h-[calc(100vh-7rem)] lg:self-start lg:overflow-y-auto">
          <h2 className="text-xs font-bold tracking-[0.14em] text-slate-500 uppercase">Contents</h2>
          <ol className="mt-4 space-y-2 border-l border-slate-200 text-sm">
            {sections.map((s) => (
              <li key={s.id}>
                <a
                  href={`#${s.id}`}
                  className="-ml-px block border-l-2 border-transparent py-0.5 pl-4 text-slate-600 hover:border-brand-500 hover:text-ink-900"
                >
                  {s.text}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="prose-body prose-legal max-w-[70ch]" dangerouslySetInnerHTML={{ __html: body.html }} />
      </div>
    </article>
  );
}
