import { readFileSync } from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { syntheticArticle } from '../../bin/syntheticArticles.mjs';
import { factsOf } from '../../src/markdown/facts.ts';
import { parseMarkdown } from '../../src/markdown/parse.ts';
import type * as HashModule from '../../src/hash.ts';
import type { Collection } from '../../src/model.ts';
import { entryPage, entryPageJob, makeCollections } from '../../src/plan/pagePlan.tsx';
import { touchlineSiteSchema } from '../../templates/schemas/site.ts';
import { summaryOf } from '../../src/validate/entries.ts';
import { articles } from '../../templates/collections/articles.ts';

/*
 * Cost without timing: what an article page's key and render read must not grow with the number
 * of articles in the site (issue 36: a worker's page was handed every summary, which made cold
 * builds quadratic while every byte stayed right). Counted as the bytes hashed and the
 * collections its template is given, at 200 and at 800 articles.
 */

const hashed = vi.hoisted(() => ({ bytes: 0 }));
vi.mock('../../src/hash.ts', async (original) => {
  const real = await original<typeof HashModule>();
  return {
    ...real,
    contentHash: (data: string | Uint8Array, length?: number) => {
      hashed.bytes += typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength;
      return real.contentHash(data, length);
    },
  };
});

const ROOT = path.resolve(import.meta.dirname, '../..');
const site = touchlineSiteSchema.parse(parse(readFileSync(path.join(ROOT, 'content/site.yaml'), 'utf8')));
const collection = articles as unknown as Collection;
const today = '2026-01-01';

/** The facts of 800 synthetic articles, parsed and validated as a build does. */
const facts = Array.from({ length: 800 }, (_, i) => {
  const file = `content/articles/synthetic-${i}.md`;
  const parsed = parseMarkdown(file, syntheticArticle(i), () => ({ src: '/x.svg', width: 1200, height: 675 }));
  return factsOf(collection, `synthetic-${i}`, parsed);
});

/** What one article's page costs in a site of `count` articles: bytes hashed for its key, and what its template is given. */
function costOfOnePage(count: number) {
  const entries = facts.slice(0, count).map((f) => ({ collection, ...summaryOf(collection, f, today) }));
  const collections = makeCollections(entries as Parameters<typeof makeCollections>[0], { collections: [collection] });
  const doc = { facts: facts[0]!, hash: 'h'.repeat(20), body: { html: '<p>Body</p>', islands: [], propsFiles: [], images: [] } };
  const { summary, release } = entries[0]!;
  hashed.bytes = 0;
  const page = entryPage(collection, doc, summary, release, site, { preview: false }, collections);
  const keyBytes = hashed.bytes;
  const job = entryPageJob(page, collection, doc.body, collections);
  const given = (job.element() as { props: { collections: unknown } }).props.collections;
  const related = (renderToStaticMarkup(job.element()).match(/href="\/articles\/synthetic-/g) ?? []).length;
  return { keyBytes, givenBytes: JSON.stringify(given).length, related };
}

describe('an article page’s cost', () => {
  it('hashes and hands its template no more at 800 articles than at 200', () => {
    const small = costOfOnePage(200);
    const large = costOfOnePage(800);
    expect(small.keyBytes).toBeGreaterThan(0);
    // The related articles it shows differ in their words between the two sites, not in number.
    expect(large.keyBytes).toBeLessThan(small.keyBytes * 1.25);
    expect(large.givenBytes).toBeLessThan(small.givenBytes * 1.25);
    expect(large.related).toBe(small.related);
    expect(small.related).toBeGreaterThan(0);
  });
});
