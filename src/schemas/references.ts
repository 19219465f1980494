import { z } from 'zod';

/** A link (checked against the site's routes) or a file of public/ (an image, a PDF). */
export type ReferenceKind = 'link' | 'asset';

/**
 * Marks the string schemas whose values are references (`href`, `assetPath`): the link checker
 * finds a file's links and images by their fields' types, whatever the fields are called. A
 * registry, not `.brand()`, which exists only for the type checker; `.describe()` and `.meta()`
 * copies of a marked schema keep its mark (zod's registries inherit from the schema copied).
 */
export const referenceKinds = z.registry<{ reference: ReferenceKind }>();

/** A reference found in a value: its kind, what it says, and the path to it (for `YamlSource.locate`). */
export interface ReferenceAt {
  kind: ReferenceKind;
  url: string;
  path: PropertyKey[];
}

/**
 * Walks `schema` together with `value` (data as read, before defaults and transforms) and gives
 * every string under a marked schema. The value need not pass the schema: a file with errors has
 * its references checked too, so a union whose options all refuse the value is walked through
 * every option the discriminator allows, and keys the schema does not know are left out.
 */
export function referencesIn(schema: z.core.$ZodType, value: unknown): ReferenceAt[] {
  const found = new Map<string, ReferenceAt>();
  const walk = (node: z.core.$ZodType, at: unknown, path: PropertyKey[]): void => {
    const kind = kindOf(node);
    if (kind) {
      // Two options of a union may mark the same place: it is one reference.
      if (typeof at === 'string') found.set(JSON.stringify(path), { kind, url: at, path });
      return;
    }
    const def = (node as z.core.$ZodTypes)._zod.def;
    switch (def.type) {
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'nonoptional':
      case 'catch':
      case 'readonly':
        return walk(def.innerType, at, path);
      case 'pipe':
        // A transform's input is what the file says.
        return walk(def.in, at, path);
      case 'lazy':
        return walk(def.getter(), at, path);
      case 'intersection':
        walk(def.left, at, path);
        return walk(def.right, at, path);
      case 'union':
        for (const option of unionOptions(def, at)) walk(option, at, path);
        return;
      case 'array':
        if (Array.isArray(at)) at.forEach((item, i) => walk(def.element, item, [...path, i]));
        return;
      case 'tuple':
        if (Array.isArray(at)) {
          at.forEach((item, i) => {
            const field = def.items[i] ?? def.rest;
            if (field) walk(field, item, [...path, i]);
          });
        }
        return;
      case 'record':
        if (isObject(at)) for (const [key, item] of Object.entries(at)) walk(def.valueType, item, [...path, key]);
        return;
      case 'object':
        if (isObject(at)) {
          for (const [key, item] of Object.entries(at)) {
            const field = Object.hasOwn(def.shape, key) ? def.shape[key] : def.catchall;
            if (field) walk(field, item, [...path, key]);
          }
        }
        return;
      default:
        return;
    }
  };
  walk(schema, value, []);
  return [...found.values()];
}

const kinds = new WeakMap<z.core.$ZodType, ReferenceKind | undefined>();

/** A schema's mark, kept: the registry looks through every schema a copy was made from, and a walk asks for each field of each item. */
function kindOf(schema: z.core.$ZodType): ReferenceKind | undefined {
  if (!kinds.has(schema)) kinds.set(schema, referenceKinds.get(schema)?.reference);
  return kinds.get(schema);
}

/**
 * The options of a union that describe `value`: those its discriminator names (blocks by `type`),
 * then the first that accepts it, as parsing takes; when none does, all of them.
 */
function unionOptions(def: z.core.$ZodUnionDef | z.core.$ZodDiscriminatedUnionDef, value: unknown): readonly z.core.$ZodType[] {
  let options = def.options;
  if ('discriminator' in def && isObject(value)) {
    const named = options.filter((option) => option._zod.propValues?.[def.discriminator]?.has(value[def.discriminator] as z.core.util.Primitive));
    if (named.length) options = named;
  }
  if (options.length === 1) return options;
  const accepting = options.find((option) => z.safeParse(option, value).success);
  return accepting ? [accepting] : options;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
