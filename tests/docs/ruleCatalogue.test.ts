import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import GithubSlugger from 'github-slugger';
import { beforeAll, describe, expect, it } from 'vitest';
import { resolvePaths } from '../../src/config.ts';
import { loadSite } from '../../src/pipeline/loadDefinition.ts';
import { ruleDocs, ruleHeading, RULES, RULES_PAGE, SCHEMA_CODES, type RuleEntry } from '../../src/rules.ts';
import { siteRuleDocs } from '../../src/validate/siteRules.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** What the rules of a kind of problem are about, in the order the page lists them. */
const GROUPS: [prefix: string, title: string][] = [
  ['yaml', 'YAML'],
  ['content', 'Files of content/'],
  ['public', 'Files of public/'],
  ['markdown', 'Markdown'],
  ['link', 'Links'],
  ['asset', 'Images named by content'],
  ['image', 'Images in public/'],
  ['page', 'Pages'],
  ['schemas', 'Editor schemas'],
  ['redirects', 'Redirects'],
];

const entry = (heading: string, { means, example, hint }: RuleEntry, printed = '') =>
  [`### ${heading}`, '', means, '', `- Example: ${example}`, `- Fix: ${hint}.`, ...(printed && [printed]), ''].join('\n');

/** The kinds of file the site's schemas name their rules after: its collections, `page`, its data files. */
let kinds: string[] = [];
/** The rules of the site's own checks, as its definition declares them. */
let siteRules: Record<string, RuleEntry> = {};
beforeAll(async () => {
  const { definition } = await loadSite(resolvePaths().templates);
  kinds = [...definition.collections.map((c) => c.name), 'page', ...Object.keys(definition.data)];
  siteRules = definition.rules ?? {};
}, 60_000);

/** Every rule of the generator as printed: its own, and each schema code after each kind of file. */
const printed = () => [...Object.keys(RULES), ...kinds.flatMap((kind) => Object.keys(SCHEMA_CODES).map((code) => `${kind}/${code}`))];
const asPrinted = (code: string) => `- As printed: ${kinds.map((kind) => `\`${kind}/${code}\``).join(', ')}.`;

/** docs/editors/rules.md as the rules of src/rules.ts (and the site's kinds of file) make it. */
function cataloguePage(): string {
  const rules = Object.entries(RULES) as [string, RuleEntry][];
  const group = (id: string) => (id === 'yaml-syntax' ? 'yaml' : id.split('/')[0]!);
  const known = new Set(GROUPS.map(([prefix]) => prefix));
  const strays = rules.filter(([id]) => !known.has(group(id))).map(([id]) => id);
  if (strays.length) throw new Error(`rules of no group of the catalogue: ${strays.join(', ')}; add their prefix to GROUPS`);
  return [
    '# Rules',
    '',
    'Every problem sitegen reports ends with its rule in brackets (`[link/broken]`). This page explains',
    'each rule: what it means, an example of what causes it, and how to fix it (the hint printed under',
    'the first problem of each rule). `--format json` gives each problem’s entry here in its `docs`',
    'field, and a GitHub annotation names it in its title. How problems are printed is in',
    '[Errors](errors.md).',
    '',
    '<!-- This page is made from src/rules.ts by tests/docs/ruleCatalogue.test.ts: edit the rules there, then run',
    'SITEGEN_WRITE_DOCS=1 npx vitest run tests/docs/ruleCatalogue.test.ts -->',
    '',
    ...GROUPS.flatMap(([prefix, title]) => [
      `## ${title}`,
      '',
      ...rules.filter(([id]) => group(id) === prefix).map(([id, rule]) => entry(ruleHeading(id)!, rule)),
    ]),
    '## Any data file',
    '',
    'The rules of a YAML file’s schema, and of an article’s or a legal document’s frontmatter, are named after',
    'the kind of file, then the code: `article/invalid-value`, `page/missing`, `site/unknown-key`,',
    '`pricing/too-small`. Their entries are here under `KIND/` and the code.',
    '',
    // Each rule as printed, so that a search of the page for it finds its entry.
    ...(Object.entries(SCHEMA_CODES) as [string, RuleEntry][]).map(([code, rule]) => entry(`KIND/${code}`, rule, asPrinted(code))),
    "## This site's own rules",
    '',
    'The checks of the site’s own templates, declared with them (`templates/rules.ts`): what the pricing file’s',
    'schema checks beyond the shape of its values, and what the pricing blocks check of it. They are named as',
    'the rules above are, after the kind of file: `pricing/no-price`, `page/offer-plan`.',
    '',
    ...Object.entries(siteRules).map(([name, rule]) => entry(`KIND/${name}`, rule)),
  ]
    .join('\n')
    .replace(/\n+$/, '\n');
}

describe('the rule catalogue', () => {
  it(`is ${RULES_PAGE}, made from src/rules.ts: every rule has its entry, with what it means, an example and the fix`, () => {
    const file = path.join(ROOT, RULES_PAGE);
    const page = cataloguePage();
    if (process.env.SITEGEN_WRITE_DOCS) writeFileSync(file, page);
    expect(
      readFileSync(file, 'utf8'),
      `${RULES_PAGE} differs from src/rules.ts (SITEGEN_WRITE_DOCS=1 npx vitest run tests/docs/ruleCatalogue.test.ts rewrites it)`,
    ).toBe(page);
  });

  it('gives each problem the address of its entry, as GitHub names the heading', () => {
    const slugger = new GithubSlugger();
    const anchors = new Set([...cataloguePage().matchAll(/^#+ (.+)$/gm)].map((m) => slugger.slug(m[1]!)));
    for (const rule of [...printed(), ...Object.keys(siteRules).map((name) => `pricing/${name}`)]) {
      const name = rule.slice(rule.lastIndexOf('/') + 1);
      const docs = Object.hasOwn(siteRules, name) ? siteRuleDocs(name) : ruleDocs(rule);
      expect(docs, rule).toMatch(new RegExp(`^${RULES_PAGE}#`));
      expect(anchors.has(docs!.split('#')[1]!), `${rule}: ${docs}`).toBe(true);
    }
    // A site's own rule is not the generator's: its address comes with its problem (withSiteRules).
    expect(ruleDocs('page/offer-plan')).toBeUndefined();
  });

  it('names every rule as it is printed, the rules of each kind of file included', () => {
    const page = readFileSync(path.join(ROOT, RULES_PAGE), 'utf8');
    expect(kinds).toEqual(expect.arrayContaining(['article', 'page', 'pricing', 'site']));
    for (const rule of printed()) expect(page.includes(`### ${rule}\n`) || page.includes(`\`${rule}\``), rule).toBe(true);
  });
});
