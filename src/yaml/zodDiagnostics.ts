import { z } from 'zod';
import { diagnostic, siteDiagnostic, type Diagnostic, type Place } from '../diagnostics.ts';
import { isSchemaCode, type SchemaCode, type SchemaRule } from '../rules.ts';
import { closest, didYouMean } from '../suggestion.ts';
import type { YamlSource } from './yamlSource.ts';

type Issue = z.core.$ZodIssue;

/** Zod's issue codes as the catalogue's schema codes (a code zod adds does not compile until it has one). */
const ZOD_CODES = {
  invalid_type: 'invalid-type',
  invalid_value: 'invalid-value',
  invalid_format: 'invalid-format',
  too_small: 'too-small',
  too_big: 'too-big',
  not_multiple_of: 'not-multiple-of',
  invalid_union: 'invalid-union',
  invalid_key: 'invalid-key',
  invalid_element: 'invalid-element',
  unrecognized_keys: 'unknown-key',
} as const satisfies Record<Exclude<Issue['code'], 'custom'>, SchemaCode>;

/** A schema's own checks name their rule in `params: { rule }`: a schema code, or one of the site's rules (any other name). */
const codeOf = (issue: Issue): SchemaCode | { site: string } => {
  if (issue.code !== 'custom') return ZOD_CODES[issue.code];
  const rule: unknown = issue.params?.rule;
  return isSchemaCode(rule) ? rule : typeof rule === 'string' && rule ? { site: rule } : 'invalid';
};

/** Validates parsed YAML against a schema and turns every issue into a positioned diagnostic. */
export function validateYaml<S extends z.ZodType>(
  source: YamlSource,
  schema: S,
  rulePrefix: string,
): { ok: true; value: z.infer<S> } | { ok: false; diagnostics: Diagnostic[] } {
  const result = schema.safeParse(source.data);
  if (result.success) return { ok: true, value: result.data };
  const issues = withoutMisspeltKeys(source.data, schema, result.error.issues).map(asClosedSet);
  return { ok: false, diagnostics: issues.flatMap((issue) => toDiagnostics(source, schema, issue, rulePrefix)) };
}

/** A misspelt required key (`headng`) is one mistake: its "did you mean" says it all, so the key it was meant to be is not also reported missing. */
function withoutMisspeltKeys(data: unknown, schema: z.ZodType, issues: readonly Issue[]): Issue[] {
  const meant = new Set<string>();
  for (const issue of issues) {
    if (issue.code !== 'unrecognized_keys') continue;
    const allowed = objectKeys(schemaAt(schema, data, issue.path));
    for (const key of issue.keys) {
      const near = closest(key, allowed);
      if (near) meant.add(JSON.stringify([...issue.path, near]));
    }
  }
  return issues.filter((issue) => !(issue.code === 'invalid_type' && valueAt(data, issue.path) === undefined && meant.has(JSON.stringify(issue.path))));
}

/**
 * A discriminated union's key with a value none of its options has (`type: prse` among a page's
 * blocks) is a value of a closed set, said and suggested as any other; zod reports it as a union
 * that matched nothing.
 */
function asClosedSet(issue: Issue): Issue {
  if (issue.code !== 'invalid_union' || !('options' in issue) || !Array.isArray(issue.options)) return issue;
  return { code: 'invalid_value', values: issue.options as z.core.util.Primitive[], path: issue.path, message: issue.message, input: issue.input };
}

function toDiagnostics(source: YamlSource, schema: z.ZodType, issue: Issue, rulePrefix: string): Diagnostic[] {
  const path = issue.path;
  if (issue.code === 'unrecognized_keys') {
    const allowed = objectKeys(schemaAt(schema, source.data, path));
    return issue.keys.map((key) => {
      const hint = allowed.length ? ` (allowed: ${allowed.join(', ')})` : '';
      return diagnostic(
        source.file,
        source.locate([...path, key], 'key'),
        `${rulePrefix}/unknown-key`,
        `unknown key "${key}"${didYouMean(key, allowed)}${hint}`,
      );
    });
  }
  const value = valueAt(source.data, path);
  const name = describePath(path, source.data);
  // An empty file or frontmatter block: say what it must hold rather than "expected object, got null".
  if (issue.code === 'invalid_type' && issue.expected === 'object' && (value === null || value === undefined)) {
    const required = requiredKeys(schemaAt(schema, source.data, path));
    if (required.length) {
      const where = name ? `${name} sets no keys` : 'no keys are set here';
      return [diagnostic(source.file, startOf(source.locate(path)), `${rulePrefix}/missing`, `${where}; required: ${required.join(', ')}`)];
    }
  }
  if (value === undefined && path.length > 0) {
    const key = String(path.at(-1));
    const around = describePath(path.slice(0, -1), source.data);
    return [
      diagnostic(
        source.file,
        startOf(source.locate(path.slice(0, -1))),
        `${rulePrefix}/missing`,
        `missing required key "${key}"${around ? ` in ${around}` : ''}`,
      ),
    ];
  }
  const code = codeOf(issue);
  if (typeof code !== 'string') return [siteDiagnostic(source.file, source.locate(path), `${rulePrefix}/${code.site}`, messageFor(issue, name, value))];
  const rule: SchemaRule = `${rulePrefix}/${code}`;
  return [diagnostic(source.file, source.locate(path), rule, messageFor(issue, name, value))];
}

/** A missing key belongs at the start of the mapping that lacks it: all of the mapping is not the problem. */
const startOf = ({ line, column }: Place): Place => ({ line, column });

function messageFor(issue: Issue, name: string, value: unknown): string {
  const where = name ? `${name}: ` : '';
  switch (issue.code) {
    case 'invalid_value': {
      const allowed = issue.values.map((v) => String(v));
      const guess = typeof value === 'string' ? didYouMean(value, allowed) : '';
      return `${where}${JSON.stringify(value)} is not allowed; expected one of: ${allowed.join(', ')}${guess}`;
    }
    case 'invalid_type':
      // A fraction where a whole number belongs: the schema's own words say which number.
      if (issue.expected === 'int' && typeof value === 'number') return `${where}${issue.message}`;
      return `${where}expected ${issue.expected}, got ${describeValue(value)}`;
    default:
      return `${where}${issue.message}`;
  }
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  return `${typeof value} ${JSON.stringify(value)}`;
}

/** The fields an entry of a list is known by, in the order they are looked for. */
const NAME_FIELDS = ['name', 'title', 'label', 'question', 'key', 'from'];
/** Longer names are no help in a message: the entry is counted instead. */
const LONGEST_NAME = 40;

/**
 * A path of the data as an editor reads it: an entry of a list by its name when it has a short
 * one (`plan "Starter"`), else by its type (`block 2 (prose)`) or its place counted from 1, the
 * list's key made singular; keys as they are. `groups[0].plans[0].description` reads
 * `group "For Properties" › plan "Starter" › description`.
 */
export function describePath(path: readonly PropertyKey[], data: unknown): string {
  const parts: string[] = [];
  for (const [i, step] of path.entries()) {
    if (typeof step !== 'number') {
      parts.push(String(step));
      continue;
    }
    const list = typeof path[i - 1] === 'string' ? parts.pop()! : 'entry';
    const entry = valueAt(data, path.slice(0, i + 1));
    const fields = entry && typeof entry === 'object' ? (entry as Record<string, unknown>) : {};
    const named = NAME_FIELDS.map((field) => fields[field]).find((v): v is string => typeof v === 'string' && v.length > 0 && v.length <= LONGEST_NAME);
    // The type names the entry, unless the path goes on to the type itself.
    const kind = typeof fields.type === 'string' && path[i + 1] !== 'type' ? ` (${fields.type})` : '';
    parts.push(named === undefined ? `${singular(list)} ${step + 1}${kind}` : `${singular(list)} ${JSON.stringify(named)}`);
  }
  return parts.join(' › ');
}

/** A list's key as the name of one of its entries: `plans` → `plan`, `categories` → `category`; a key that is no plural is kept. */
function singular(key: string): string {
  if (/ies$/.test(key)) return key.replace(/ies$/, 'y');
  if (/(ss|us)$/.test(key) || !key.endsWith('s')) return key;
  return key.slice(0, -1);
}

export function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let cur: unknown = data;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[key];
  }
  return cur;
}

/**
 * Follows a path through object, array, union and wrapper schemas, to name the keys allowed
 * there. A union (a page's blocks) is resolved to the option whose literal fields (`type: hero`)
 * match the data at that point.
 */
function schemaAt(schema: z.ZodType, data: unknown, path: readonly PropertyKey[]): z.ZodType | undefined {
  let cur: z.ZodType | undefined = resolve(schema, data);
  for (const [i, key] of path.entries()) {
    let next: z.ZodType | undefined;
    if (cur instanceof z.ZodObject) next = cur.shape[String(key)] as z.ZodType | undefined;
    else if (cur instanceof z.ZodArray) next = cur.element as z.ZodType;
    else if (cur instanceof z.ZodRecord) next = cur.valueType as z.ZodType;
    else return undefined;
    cur = resolve(next, valueAt(data, path.slice(0, i + 1)));
  }
  return cur;
}

function resolve(schema: z.ZodType | undefined, value: unknown): z.ZodType | undefined {
  const cur = unwrap(schema);
  if (!(cur instanceof z.ZodUnion)) return cur;
  const options = (cur.options as z.ZodType[]).map(unwrap);
  return options.find((option) => option instanceof z.ZodObject && literalsMatch(option, value));
}

function literalsMatch(schema: z.ZodObject, value: unknown): boolean {
  if (!value || typeof value !== 'object') return false;
  return Object.entries(schema.shape).every(
    ([key, field]) => !(field instanceof z.ZodLiteral) || field.values.has((value as Record<string, unknown>)[key] as never),
  );
}

function unwrap(schema: z.ZodType | undefined): z.ZodType | undefined {
  let cur = schema;
  while (cur) {
    if (cur instanceof z.ZodOptional || cur instanceof z.ZodNullable || cur instanceof z.ZodDefault) cur = cur.unwrap() as z.ZodType;
    else if (cur instanceof z.ZodPipe) cur = cur.in as z.ZodType;
    else return cur;
  }
  return cur;
}

function objectKeys(schema: z.ZodType | undefined): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

function requiredKeys(schema: z.ZodType | undefined): string[] {
  if (!(schema instanceof z.ZodObject)) return [];
  return Object.entries(schema.shape)
    .filter(([, field]) => !(field as z.ZodType).safeParse(undefined).success)
    .map(([key]) => key);
}
