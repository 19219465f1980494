import { describe, expect, it } from 'vitest';
import { isOwnedSchemaKey, mergeYamlSchemas, ownedSchemaEntries } from '../../src/schemas/editorSettings.ts';

describe('which yaml.schemas entries are sitegen’s', () => {
  it('owns only the files of content/.schemas/ named as it names them', () => {
    for (const key of ['content/.schemas/site.schema.json', 'content/.schemas/old.schema.json', 'content/.schemas/x'])
      expect(isOwnedSchemaKey(key, 'content'), key).toBe(true);
    const users = [
      'https://json.schemastore.org/github-workflow.json',
      './schemas/my-own.json',
      'schemas/content/.schemas/x.json',
      './content/.schemas/site.schema.json',
      'content//.schemas/site.schema.json',
      'content/.schemas/../schemas/mine.json',
      'content/.schemas/..',
      'content/.schemas/',
      'content/.schemas/sub/mine.json',
      '/content/.schemas/site.schema.json',
      'file:///p/content/.schemas/site.schema.json',
      'Content/.schemas/site.schema.json',
    ];
    for (const key of users) expect(isOwnedSchemaKey(key, 'content'), key).toBe(false);
  });

  it('replaces its own entries and keeps the user’s, values and order, with its own where its first stood', () => {
    const setting = {
      'https://json.schemastore.org/github-workflow.json': '.github/workflows/*.yml',
      'content/.schemas/site.schema.json': 'content/site.yml',
      './schemas/my-own.json': ['data/*.yaml', 'more/*.yaml'],
      'content/.schemas/gone.schema.json': 'content/gone.yaml',
    };
    const owned = { 'content/.schemas/pages.schema.json': 'content/pages/*.yaml', 'content/.schemas/site.schema.json': 'content/site.yaml' };
    const merged = mergeYamlSchemas(setting, owned, 'content');
    expect(Object.entries(merged)).toEqual([
      ['https://json.schemastore.org/github-workflow.json', '.github/workflows/*.yml'],
      ['content/.schemas/pages.schema.json', 'content/pages/*.yaml'],
      ['content/.schemas/site.schema.json', 'content/site.yaml'],
      ['./schemas/my-own.json', ['data/*.yaml', 'more/*.yaml']],
    ]);
    expect(ownedSchemaEntries(merged, 'content')).toEqual(owned);
    // None of its own yet: they go last, after every entry of the user's.
    expect(Object.keys(mergeYamlSchemas({ './schemas/my-own.json': 'x.yaml' }, owned, 'content'))).toEqual(['./schemas/my-own.json', ...Object.keys(owned)]);
    expect(mergeYamlSchemas({}, owned, 'content')).toEqual(owned);
  });
});
