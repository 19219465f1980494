import { z } from 'zod';
import { Island } from '../../src/islands/Island.tsx';
import { definePage } from '../../src/model.ts';
import { text } from '../../src/schemas/common.ts';
import { articleCategories } from '../../src/schemas/markdown.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import BlogBrowser from '../islands/BlogBrowser.tsx';

const schema = z.strictObject({ heading: text, intro: text, pageSize: z.number().int().min(3).max(30) });

/** News & Insights: the featured article, then every article with search, categories and paging. */
export const BlogIndex = definePage(
  schema,
  ({ data, collections }) => {
    const featured = collections.articles.find((a) => a.featured) ?? collections.articles[0];
    return (
      <>
        <PageHeader eyebrow="Blog" title={data.heading}>
          <p>{data.intro}</p>
        </PageHeader>
        <div className="container-page py-12">
          <Island of={BlogBrowser} props={{ articles: collections.articles, categories: [...articleCategories], featured: featured?.slug, pageSize: data.pageSize }} when="load" />
        </div>
      </>
    );
  },
  { feed: true },
);
