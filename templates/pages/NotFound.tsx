import { definePage, link, text, useSiteUrl } from '../../src/template-api.ts';
import { z } from 'zod';

const schema = z
  .strictObject({
    heading: text.describe('The page’s h1.'),
    message: text.describe('What happened and what to do, in a sentence or two.'),
    links: z.array(link).min(1).describe('Pages to go to instead.'),
  })
  .describe('The page served for an address the site does not have (404.yaml).');

export const NotFound = definePage(schema, ({ data }) => {
  const url = useSiteUrl();
  return (
    <div className="container-page flex min-h-[60vh] flex-col items-start justify-center py-20">
      <p className="eyebrow">Error 404</p>
      <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-ink-900 sm:text-5xl">{data.heading}</h1>
      <p className="mt-5 max-w-xl text-lg text-slate-600">{data.message}</p>
      <ul className="mt-8 flex flex-col gap-3 self-stretch sm:flex-row sm:flex-wrap sm:self-auto">
        {data.links.map((l, i) => (
          <li key={l.href}>
            <a href={url(l.href)} className={`${i === 0 ? 'btn-primary' : 'btn-secondary'} w-full px-6 py-3 text-base sm:w-auto`}>
              {l.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
});
