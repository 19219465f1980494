import { z } from 'zod';
import { diagnostic, type Diagnostic } from '../diagnostics.ts';
import type { YamlSource } from '../load/yamlSource.ts';

type Issue = z.core.$ZodIssue;

/** Validates parsed YAML against a schema and turns every issue into a positioned diagnostic. */
export function validateYaml<S extends z.ZodType>(
  source: YamlSource,
  schema: S,
  rulePrefix: string,
): { ok: true; value: z.infer<S> } | { ok: false; diagnostics: Diagnostic[] } {
  const result = schema.safeParse(source.data);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, diagnostics: result.error.issues.flatMap((issue) => toDiagnostics(source, schema, issue, rulePrefix)) };
}

function toDiagnostics(source: YamlSource, schema: z.ZodType, issue: Issue, rulePrefix: string): Diagnostic[] {
  const path = issue.path;
  if (issue.code === 'unrecognized_keys') {
    const allowed = objectKeys(schemaAt(schema, path));
    return issue.keys.map((key) => {
      const pos = source.locate([...path, key], 'key');
      const hint = allowed.length ? ` (allowed: ${allowed.join(', ')})` : '';
      return diagnostic(source.file, pos.line, pos.column, `${rulePrefix}/unknown-key`, `unknown key "${key}"${hint}`);
    });
  }
  const value = valueAt(source.data, path);
  const name = describePath(path);
  if (value === undefined && path.length > 0) {
    const parent = path.slice(0, -1);
    const pos = source.locate(parent);
    return [diagnostic(source.file, pos.line, pos.column, `${rulePrefix}/missing`, `missing required key "${name}"`)];
  }
  const pos = source.locate(path);
  const rule = `${rulePrefix}/${issue.code === 'custom' ? ((issue.params?.rule as string | undefined) ?? 'invalid') : issue.code.replace(/_/g, '-')}`;
  return [diagnostic(source.file, pos.line, pos.column, rule, messageFor(issue, name, value))];
}

function messageFor(issue: Issue, name: string, value: unknown): string {
  const where = name ? `"${name}": ` : '';
  switch (issue.code) {
    case 'invalid_value':
      return `${where}${JSON.stringify(value)} is not allowed; expected one of: ${issue.values.map((v) => String(v)).join(', ')}`;
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

function describePath(path: readonly PropertyKey[]): string {
  return path.map((p) => (typeof p === 'number' ? `[${p}]` : String(p))).join('.').replace(/\.\[/g, '[');
}

export function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let cur: unknown = data;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[key];
  }
  return cur;
}

/** Follows a path through object, array and wrapper schemas, to name the keys allowed there. */
function schemaAt(schema: z.ZodType, path: readonly PropertyKey[]): z.ZodType | undefined {
  let cur: z.ZodType | undefined = unwrap(schema);
  for (const key of path) {
    if (cur instanceof z.ZodObject) cur = unwrap(cur.shape[String(key)] as z.ZodType | undefined);
    else if (cur instanceof z.ZodArray) cur = unwrap(cur.element as z.ZodType);
    else if (cur instanceof z.ZodRecord) cur = unwrap(cur.valueType as z.ZodType);
    else return undefined;
  }
  return cur;
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
