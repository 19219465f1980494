import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectCopy, type Project } from './helpers/project.ts';
import { anArticle } from './helpers/realContent.ts';
import { PROGRESS_LINE } from '../src/progress.ts';

/*
 * A new kind of content is one schema, one template and one entry in templates/index.ts:
 * nothing in src/ changes, and the new pages get everything the other collections get.
 */

const SCHEMA = `import { z } from 'zod';
import { isoDate, text } from '../../src/template-api.ts';

export const caseStudySchema = z.strictObject({ title: text, client: text, date: isoDate, summary: text });
export type CaseStudyMeta = z.infer<typeof caseStudySchema>;
`;

const TEMPLATE = `import type { EntryPageProps } from '../../src/template-api.ts';
import type { CaseStudySummary } from '../collections/caseStudies.ts';

export function CaseStudy({ entry, body }: EntryPageProps<CaseStudySummary>) {
  return (
    <article className="container-page py-12">
      <p className="eyebrow">Case study · {entry.client}</p>
      <h1>{entry.title}</h1>
      <div className="prose-body" dangerouslySetInnerHTML={{ __html: body.html }} />
    </article>
  );
}
`;

const COLLECTION = `import { defineCollection } from '../../src/template-api.ts';
import { CaseStudy } from '../pages/CaseStudy.tsx';
import { caseStudySchema, type CaseStudyMeta } from '../schemas/caseStudy.ts';

export interface CaseStudySummary extends CaseStudyMeta {
  slug: string;
  href: string;
}

export const caseStudies = defineCollection({
  name: 'case-study',
  folder: 'case-studies',
  schema: caseStudySchema,
  route: (slug) => \`/case-studies/\${slug}\`,
  summary: ({ meta, slug, href }): CaseStudySummary => ({ ...meta, slug, href }),
  order: (a, b) => b.date.localeCompare(a.date),
  page: (study) => ({ head: { title: study.title, description: study.summary }, lastmod: study.date }),
  template: CaseStudy,
});
`;

/** Any article of the real site: the case study links to it, and it links to the case study. */
const ARTICLE = anArticle('to link to and from');

const STUDY = `---
title: How the Guelph Gryphons renewed every partner
client: University of Guelph Athletics
date: 2025-03-14
summary: One fulfillment workspace, weekly proof of performance, and a renewal season with no surprises.
---

The athletics department moved its partner recaps into Touchline in the off-season. Read the
[full story of their first season](/articles/${ARTICLE.slug}) for the numbers.
`;

let project: Project;

beforeAll(async () => {
  project = await projectCopy();
  await mkdir(project.file('content/case-studies'));
  await Promise.all([
    writeFile(project.file('templates/schemas/caseStudy.ts'), SCHEMA),
    writeFile(project.file('templates/pages/CaseStudy.tsx'), TEMPLATE),
    writeFile(project.file('templates/collections/caseStudies.ts'), COLLECTION),
    writeFile(project.file('content/case-studies/guelph-gryphons.md'), STUDY),
  ]);
  await project.edit('templates/index.ts', (t) =>
    t
      .replace(
        "import { legal } from './collections/legal.ts';",
        "import { legal } from './collections/legal.ts';\nimport { caseStudies } from './collections/caseStudies.ts';",
      )
      .replace('export const collections = [articles, legal];', 'export const collections = [articles, legal, caseStudies];'),
  );
}, 60_000);

afterAll(() => project?.remove());

describe('a collection added with one registry entry, one schema and one template', () => {
  it('gets its pages, sitemap entries and link checks', async () => {
    const built = await project.run(['build']);
    // No problem reported of the new collection (the content's own warnings are the editors'); a build slowed past a second by a loaded machine may print progress lines.
    expect(built.stdout.split('\n').filter((line) => /case-stud|guelph-gryphons/.test(line) && !PROGRESS_LINE.test(line))).toEqual([]);
    expect(built.code).toBe(0);
    const html = await readFile(path.join(project.out, 'case-studies/guelph-gryphons/index.html'), 'utf8');
    expect(html).toContain('<h1>How the Guelph Gryphons renewed every partner</h1>');
    expect(html).toContain('<title>How the Guelph Gryphons renewed every partner | Touchline</title>');
    // The body went through the markdown pipeline, and the page has the site's layout around it.
    expect(html).toContain(`<a href="/articles/${ARTICLE.slug}">full story of their first season</a>`);
    expect(html).toContain('<header');
    const sitemap = await readFile(path.join(project.out, 'sitemap.xml'), 'utf8');
    expect(sitemap).toContain('<url><loc>https://www.touchline.example/case-studies/guelph-gryphons</loc><lastmod>2025-03-14</lastmod></url>');

    // Other content may link to it, and a link to a case study that does not exist is reported where it is written.
    await project.edit(ARTICLE.file, (t) => `${t}\nSee [the Guelph story](/case-studies/guelph-gryphons) and [another](/case-studies/nowhere).\n`);
    const lines = (await readFile(project.file(ARTICLE.file), 'utf8')).split('\n').length - 1;
    const checked = await project.run(['check']);
    expect(checked.code).toBe(1);
    expect(checked.stdout).toContain(`${ARTICLE.file}:${lines}:`);
    expect(checked.stdout).toContain('broken link "/case-studies/nowhere": no page or file has the path /case-studies/nowhere  [link/broken]');
    expect(checked.stdout).not.toContain('/case-studies/guelph-gryphons"');
  }, 120_000);

  it('reports its frontmatter errors at their place, under its own name', async () => {
    await project.edit('content/case-studies/guelph-gryphons.md', (t) =>
      t.replace('date: 2025-03-14', 'date: 14 March 2025').replace('client: University of Guelph Athletics\n', ''),
    );
    const { code, stdout } = await project.run(['check']);
    expect(code).toBe(1);
    expect(stdout).toContain('content/case-studies/guelph-gryphons.md:2:1  missing required key "client"  [case-study/missing]');
    expect(stdout).toContain(
      'content/case-studies/guelph-gryphons.md:3:7  date: "14 March 2025" is not written year first, YYYY-MM-DD  [case-study/invalid-date]',
    );
  }, 60_000);

  it('gets a schema of its frontmatter from sitegen schemas, which check asks for until it is written', async () => {
    const schema = 'content/.schemas/case-studies.frontmatter.schema.json';
    expect((await project.run(['check'])).stdout).toContain(
      `${schema}:1:1  the schema of the frontmatter of content/case-studies/*.md is missing: run npx sitegen schemas`,
    );
    const { code, stdout } = await project.run(['schemas']);
    expect(code).toBe(0);
    expect(stdout).toContain(`wrote ${schema}\n`);
    const json = JSON.parse(await readFile(project.file(schema), 'utf8')) as {
      required: string[];
      properties: Record<string, unknown>;
      additionalProperties: boolean;
    };
    expect(json).toMatchObject({ required: ['title', 'client', 'date', 'summary'], additionalProperties: false });
    expect(Object.keys(json.properties)).toEqual(['title', 'client', 'date', 'summary']);
    expect((await project.run(['check'])).stdout).not.toContain('schemas/outdated');
  }, 60_000);
});
