import { z } from 'zod';
import { link, text } from '../../src/schemas/common.ts';
import { definePage } from '../../src/model.ts';
import { ArticleCard } from '../components/ArticleCard.tsx';

const schema = z.strictObject({
  hero: z.strictObject({ eyebrow: text, heading: text, lead: text, primary: link, secondary: link }),
  latest: z.strictObject({ heading: text, intro: text, link }),
});

export const Home = definePage(schema, ({ data, collections }) => (
  <>
    <section className="relative overflow-hidden bg-ink-900 text-white">
      <div className="container-page relative py-20 sm:py-28">
        <p className="text-xs font-bold tracking-[0.14em] text-brand-200 uppercase">{data.hero.eyebrow}</p>
        <h1 className="mt-4 max-w-3xl text-4xl font-extrabold leading-[1.05] tracking-tight sm:text-6xl">{data.hero.heading}</h1>
        <p className="mt-6 max-w-2xl text-lg leading-relaxed text-slate-300">{data.hero.lead}</p>
        <div className="mt-10 flex flex-wrap gap-3">
          <a href={data.hero.primary.href} className="btn-primary px-6 py-3 text-base">
            {data.hero.primary.label}
          </a>
          <a href={data.hero.secondary.href} className="btn border border-white/30 px-6 py-3 text-base text-white hover:bg-white/10">
            {data.hero.secondary.label}
          </a>
        </div>
      </div>
    </section>
    <section aria-labelledby="latest-heading" className="container-page py-16 sm:py-20">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="max-w-2xl">
          <h2 id="latest-heading" className="text-3xl font-extrabold tracking-tight text-ink-900">
            {data.latest.heading}
          </h2>
          <p className="mt-3 text-slate-600">{data.latest.intro}</p>
        </div>
        <a href={data.latest.link.href} className="btn-secondary">
          {data.latest.link.label}
        </a>
      </div>
      <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {collections.articles.slice(0, 3).map((a) => (
          <li key={a.slug}>
            <ArticleCard article={a} />
          </li>
        ))}
      </ul>
    </section>
  </>
));
