import { z } from 'zod';
import { PAGES_FOLDER, type SiteDefinition } from '../model.ts';
import { pageHead } from './page.ts';

/**
 * JSON Schemas of the content, made from the zod schemas the site declares, for editors (the YAML
 * language server completes and checks YAML files with them) and other tools. They are written
 * into the content folder and committed, so `check` can tell when they are out of date.
 */

/** The folder of the content folder that holds them: a dot folder, which the read stage leaves to editors' tools. */
export const SCHEMAS_FOLDER = '.schemas';

/** The command that writes them, named wherever they are out of date. */
export const SCHEMAS_COMMAND = 'npx sitegen schemas';

/** One schema file: its name in the schemas folder, what it describes, its text, and the YAML files it checks in an editor (a glob relative to the content folder). */
export interface SchemaFile {
  name: string;
  title: string;
  text: string;
  yaml?: string;
}

/** The one JSON Schema draft the YAML language server supports fully (it reads drafts 4 to 7). */
const DRAFT = 'http://json-schema.org/draft-07/schema#';

type JsonObject = Record<string, unknown>;

/**
 * A zod schema as JSON Schema, as an editor sees the file before zod parses it (`io: 'input'`:
 * defaults make keys optional). Refinements, which JSON Schema cannot express (dates, the
 * pricing's checks across plans), are left out unless the schema gives a pattern in its
 * metadata; a kind zod cannot convert at all (a date object, a function) stops the command.
 */
function toJsonSchema(schema: z.ZodType, title: string, description = schema.description): JsonObject {
  let json: JsonObject;
  try {
    json = z.toJSONSchema(schema, { io: 'input', target: 'draft-07', unrepresentable: 'throw' }) as JsonObject;
  } catch (error) {
    throw new Error(`the schema of ${title} cannot be written as JSON Schema: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const { $schema, ...rest } = json;
  return { $schema, title, ...(description && { description }), ...rest };
}

/** Two-space JSON with a newline at the end: the bytes `check` compares. */
const serialize = (json: unknown) => `${JSON.stringify(json, null, 2)}\n`;

const pageTemplateFile = (template: string) => `page.${template}.schema.json`;

/** A page of one template: the template's keys and the keys every page has, with `template:` naming it. */
function pageSchema(definition: SiteDefinition, template: string): JsonObject {
  const own = definition.pages[template]!.schema;
  // The same object validateContent checks a page against, with the template's name as the only value of `template:`.
  const page = own.extend({ ...pageHead.shape, template: z.literal(template).describe(pageHead.shape.template.description!) }).strict();
  return toJsonSchema(page, pageTitle(template), own.description);
}

const pageTitle = (template: string) => `content/${PAGES_FOLDER}/*.yaml with template: ${template}`;

/**
 * Any page: `template:` picks the schema the rest of the file must match (if/then on its value,
 * so an editor completes the keys of the template written, and offers the templates' names).
 */
function pagesSchema(templates: string[]): JsonObject {
  return {
    $schema: DRAFT,
    title: `content/${PAGES_FOLDER}/*.yaml`,
    description: 'A page of the site, at /NAME for pages/NAME.yaml (index.yaml is /, 404.yaml the not-found page). Its template decides its other keys.',
    type: 'object',
    properties: { template: { type: 'string', enum: templates, description: pageHead.shape.template.description } },
    required: ['template'],
    allOf: templates.map((template) => ({
      if: { type: 'object', properties: { template: { const: template } }, required: ['template'] },
      then: { $ref: pageTemplateFile(template) },
    })),
  };
}

/**
 * Every schema file the definition makes, sorted by name: one per data file (`site.schema.json`),
 * one per page template (`page.blocks.schema.json`) and one for all pages (`pages.schema.json`),
 * and one per collection's frontmatter (`articles.frontmatter.schema.json`).
 */
export function schemaFiles(definition: SiteDefinition): SchemaFile[] {
  const files: SchemaFile[] = [];
  const add = (name: string, json: JsonObject, yaml?: string) => files.push({ name, title: String(json.title), text: serialize(json), ...(yaml && { yaml }) });
  for (const { file, schema } of Object.values(definition.data))
    add(`${file.replace(/\.yaml$/, '')}.schema.json`, toJsonSchema(schema, `content/${file}`), file);
  const templates = Object.keys(definition.pages).sort();
  for (const template of templates) add(pageTemplateFile(template), pageSchema(definition, template));
  add('pages.schema.json', pagesSchema(templates), `${PAGES_FOLDER}/*.yaml`);
  // The YAML language server cannot check frontmatter inside markdown: these are for other tools (and the tests).
  for (const { folder, schema } of definition.collections)
    add(`${folder}.frontmatter.schema.json`, toJsonSchema(schema, `the frontmatter of content/${folder}/*.md`));
  const names = files.map((f) => f.name);
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  if (twice)
    throw new Error(`two schemas would be written to ${SCHEMAS_FOLDER}/${twice}: rename a data file, page template or collection folder of templates/index.ts`);
  return files.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
