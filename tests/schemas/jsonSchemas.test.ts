import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { PAGES_FOLDER } from '../../src/model.ts';
import { schemaFiles, type SchemaFile } from '../../src/schemas/jsonSchemas.ts';
import { siteCoreSchema } from '../../src/schemas/site.ts';
import { parseYaml } from '../../src/yaml/yamlSource.ts';
import { blockSchema } from '../../templates/blocks/schema.ts';
import { definition } from '../../templates/index.ts';
import { touchlineSiteSchema } from '../../templates/schemas/site.ts';

/*
 * The JSON Schemas editors get must accept every real content file and reject what sitegen
 * rejects: each real YAML file and frontmatter block is validated by ajv (an independent JSON
 * Schema validator, as an editor's would be), and a few faults are rejected by ajv and by zod alike.
 */

const CONTENT = path.resolve(import.meta.dirname, '../../content');

let files: SchemaFile[];
let validator: (name: string) => ValidateFunction;

beforeAll(() => {
  files = schemaFiles(definition);
  // Formats are checked by the patterns zod writes beside them (an email's), so ajv need not know them.
  const ajv = new Ajv({ allErrors: true, formats: { email: true } });
  // Each file under its own name, so that the pages' `$ref: "page.blocks.schema.json"` resolves as an editor resolves it.
  for (const file of files) ajv.addSchema(JSON.parse(file.text) as object, file.name);
  validator = (name) => ajv.getSchema(name)!;
});

const yamlOf = (file: string, text: string) => {
  const source = parseYaml(file, text);
  expect(source.errors, file).toEqual([]);
  return source.data;
};

/** A markdown file's frontmatter block, parsed. */
const frontmatterOf = (file: string, text: string) => yamlOf(file, /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(text)?.[1] ?? '');

async function read(rel: string) {
  const file = path.join(CONTENT, rel);
  return { file, text: await readFile(file, 'utf8') };
}

const problems = (validate: ValidateFunction, value: unknown) => (validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`));

describe('the schemas accept every real content file', () => {
  it('each data file, against its own schema', async () => {
    for (const { file } of Object.values(definition.data)) {
      const { file: full, text } = await read(file);
      expect(problems(validator(`${file.replace(/\.yaml$/, '')}.schema.json`), yamlOf(full, text)), file).toEqual([]);
    }
  });

  it('each page, against the pages schema that switches on its template', async () => {
    const pages = (await readdir(path.join(CONTENT, PAGES_FOLDER))).filter((f) => f.endsWith('.yaml'));
    expect(pages.length).toBeGreaterThan(10);
    for (const name of pages) {
      const { file, text } = await read(`${PAGES_FOLDER}/${name}`);
      expect(problems(validator('pages.schema.json'), yamlOf(file, text)), name).toEqual([]);
    }
  });

  it('the frontmatter of each markdown file, against its collection’s schema', async () => {
    let count = 0;
    for (const { folder } of definition.collections) {
      for (const name of (await readdir(path.join(CONTENT, folder))).filter((f) => f.endsWith('.md'))) {
        const { file, text } = await read(`${folder}/${name}`);
        expect(problems(validator(`${folder}.frontmatter.schema.json`), frontmatterOf(file, text)), `${folder}/${name}`).toEqual([]);
        count++;
      }
    }
    expect(count).toBeGreaterThanOrEqual(21);
  });
});

describe('the schemas reject what sitegen rejects', () => {
  const zodSchemaOf = {
    site: definition.data.site.schema,
    pricing: definition.data.pricing!.schema,
    article: definition.collections.find((c) => c.folder === 'articles')!.schema,
  };

  /** ajv's errors for a fault, after checking that sitegen's own schema rejects it too. */
  function rejected(schemaFile: string, value: unknown, zodSchema?: z.ZodType) {
    if (zodSchema) expect(zodSchema.safeParse(value).success, 'zod accepts the fault').toBe(false);
    const validate = validator(schemaFile);
    expect(validate(value)).toBe(false);
    return validate.errors!;
  }

  it('a value outside a closed set, with the allowed values', async () => {
    const { file, text } = await read('articles/value-banks.md');
    const meta = { ...(frontmatterOf(file, text) as object), category: 'Analytic' };
    const errors = rejected('articles.frontmatter.schema.json', meta, zodSchemaOf.article);
    expect(errors).toContainEqual(
      expect.objectContaining({
        instancePath: '/category',
        keyword: 'enum',
        params: { allowedValues: ['Strategy', 'Reports', 'Partnerships', 'Analytics', 'Case Study'] },
      }),
    );
  });

  it('a missing required key', async () => {
    const { file, text } = await read('site.yaml');
    const site = yamlOf(file, text) as Record<string, unknown>;
    delete site.name;
    expect(rejected('site.schema.json', site, zodSchemaOf.site)).toContainEqual(
      expect.objectContaining({ keyword: 'required', params: { missingProperty: 'name' } }),
    );
  });

  it('a value of the wrong type', async () => {
    const { file, text } = await read('pricing.yaml');
    const pricing = yamlOf(file, text) as { groups: { plans: { prices?: { annual: unknown } }[] }[] };
    pricing.groups[0]!.plans[0]!.prices!.annual = 'two hundred';
    expect(rejected('pricing.schema.json', pricing, zodSchemaOf.pricing)).toContainEqual(
      expect.objectContaining({ instancePath: '/groups/0/plans/0/prices/annual', keyword: 'type' }),
    );
  });

  it('an unknown key of a strict object (a misspelt one in a page block)', async () => {
    const { file, text } = await read(`${PAGES_FOLDER}/index.yaml`);
    const page = yamlOf(file, text) as { blocks: Record<string, unknown>[] };
    const hero = page.blocks.findIndex((b) => b.type === 'hero');
    page.blocks[hero] = { ...page.blocks[hero], heding: 'A typo' };
    const errors = rejected('pages.schema.json', page);
    expect(errors).toContainEqual(
      expect.objectContaining({ instancePath: `/blocks/${hero}`, keyword: 'additionalProperties', params: { additionalProperty: 'heding' } }),
    );
  });

  it('a page’s keys are those of the template it names', async () => {
    const { file, text } = await read(`${PAGES_FOLDER}/news-insights.yaml`);
    const page = yamlOf(file, text) as Record<string, unknown>;
    expect(rejected('pages.schema.json', { ...page, pageSize: 'ten' })).toContainEqual(expect.objectContaining({ instancePath: '/pageSize', keyword: 'type' }));
    expect(rejected('pages.schema.json', { ...page, template: 'not-found' })).toContainEqual(
      expect.objectContaining({ keyword: 'additionalProperties', params: { additionalProperty: 'pageSize' } }),
    );
    expect(rejected('pages.schema.json', { ...page, template: 'blog' })).toContainEqual(
      expect.objectContaining({ instancePath: '/template', keyword: 'enum' }),
    );
  });

  it('refinements zod cannot convert are patterns: a date written otherwise, an offer’s unknown placeholder', async () => {
    const { file, text } = await read('articles/value-banks.md');
    const meta = { ...(frontmatterOf(file, text) as object), date: '2024-7-8' };
    expect(rejected('articles.frontmatter.schema.json', meta, zodSchemaOf.article)).toContainEqual(
      expect.objectContaining({ instancePath: '/date', keyword: 'pattern' }),
    );
    const offer = {
      type: 'partner-offer',
      badge: 'Partners',
      heading: 'Save {cost}',
      lead: '{months} months free',
      group: 'g',
      plan: 'p',
      freeMonths: 2,
      billing: 'annual',
      offer: { heading: 'h', price: '{price}', saving: '{saving}', terms: 't' },
      featuresHeading: 'f',
      actions: [{ label: 'Go', href: '/contact' }],
    };
    const page = { template: 'blocks', title: 'Offer', description: 'An offer.', blocks: [offer] };
    expect(blockSchema.safeParse(offer).success, 'zod accepts the fault').toBe(false);
    expect(rejected('pages.schema.json', page)).toContainEqual(expect.objectContaining({ instancePath: '/blocks/0/heading', keyword: 'pattern' }));
    expect(validator('pages.schema.json')({ ...page, blocks: [{ ...offer, heading: 'Save {saving} on {plan}' }] })).toBe(true);
  });
});

describe('the schema files', () => {
  it('describe the fields editors touch, with their allowed values', () => {
    const site = JSON.parse(files.find((f) => f.name === 'site.schema.json')!.text) as {
      description: string;
      properties: Record<string, { description?: string }>;
    };
    expect(site.description).toMatch(/settings/);
    for (const [key, field] of Object.entries(site.properties)) expect(field.description, `site.yaml ${key}`).toBeTruthy();
    const pages = JSON.parse(files.find((f) => f.name === 'pages.schema.json')!.text) as { properties: { template: { enum: string[] } } };
    expect(pages.properties.template.enum).toEqual(Object.keys(definition.pages).sort());
  });

  it("describe the whole of site.yaml, sitegen's core and the site's own settings, and no other key", () => {
    const site = JSON.parse(files.find((f) => f.name === 'site.schema.json')!.text) as { properties: object; additionalProperties: boolean };
    const core = Object.keys(siteCoreSchema.shape);
    expect(Object.keys(site.properties)).toEqual(expect.arrayContaining(core));
    expect(Object.keys(site.properties)).toEqual(Object.keys(touchlineSiteSchema.shape));
    expect(Object.keys(site.properties).length).toBeGreaterThan(core.length);
    expect(site.additionalProperties).toBe(false);
  });

  it('are the same bytes every time: sorted, two-space JSON ending in a newline', () => {
    expect(schemaFiles(definition)).toEqual(files);
    expect(files.map((f) => f.name)).toEqual([...files.map((f) => f.name)].sort());
    for (const { text } of files) expect(text).toBe(`${JSON.stringify(JSON.parse(text), null, 2)}\n`);
  });
});
