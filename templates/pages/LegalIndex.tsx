import { definePage, href, text, useSiteUrl } from '../../src/template-api.ts';
import { z } from 'zod';
import { PageHeader } from '../components/PageHeader.tsx';

const schema = z
  .strictObject({
    heading: text.describe('The page’s h1.'),
    intro: text.describe('The paragraph under the heading.'),
    columns: z
      .array(
        z.strictObject({
          title: text.describe('The column’s heading.'),
          description: text.describe('A sentence under the heading.'),
          links: z
            .array(z.strictObject({ label: text.describe('The document’s name.'), href, description: text.describe('What the document covers.') }))
            .min(1),
        }),
      )
      .min(1)
      .describe('Columns of links to the legal documents.'),
  })
  .describe('The index of the legal documents.');

export const LegalIndex = definePage(schema, ({ data }) => {
  const url = useSiteUrl();
  return (
    <>
      <PageHeader eyebrow="Legal" title={data.heading}>
        <p>{data.intro}</p>
      </PageHeader>
      <div className="container-page grid gap-8 py-14 md:grid-cols-2">
        {data.columns.map((column) => (
          <section
            key={column.title}
            aria-labelledby={`legal-${column.title.toLowerCase()}`}
            className="rounded-card border border-slate-200 bg-white p-7 shadow-card"
          >
            <h2 id={`legal-${column.title.toLowerCase()}`} className="text-2xl font-bold text-ink-900">
              {column.title}
            </h2>
            <p className="mt-2 text-slate-600">{column.description}</p>
            <ul className="mt-6 divide-y divide-slate-200 border-t border-slate-200">
              {column.links.map((link) => (
                <li key={link.href}>
                  <a href={url(link.href)} className="group flex items-start justify-between gap-4 py-4">
                    <span>
                      <span className="block font-semibold text-ink-900 group-hover:text-brand-700">{link.label}</span>
                      <span className="mt-1 block text-sm text-slate-600">{link.description}</span>
                    </span>
                    <span aria-hidden="true" className="mt-0.5 text-brand-600 transition-transform group-hover:translate-x-1">
                      →
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </>
  );
});
