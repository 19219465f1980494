/**
 * A rule's entry in the catalogue (docs/editors/rules.md is made from these): what the problem
 * means, an example of what causes it, and the hint shown under a problem, which says how such a
 * problem is fixed. The message says what is wrong at this place.
 */
export interface RuleEntry {
  means: string;
  example: string;
  hint: string;
}

/** Every rule the generator reports. */
export const RULES = {
  'yaml-syntax': {
    means: 'The file is not valid YAML, so none of it can be read.',
    example: '`title: Value Banks: Tracking What You Owe`, a second `: ` in a value without quotes',
    hint: 'indent with spaces (never tabs), set each key once with ": " after it, and quote text that starts with [ { * & ! or holds ": "',
  },
  'yaml/alias-bomb': {
    means: 'An alias repeats a value that holds aliases, so the file would grow beyond any real page; or the file uses over 1,000 aliases.',
    example: '`a: &a [x, x]`, then `b: &b [*a, *a]`, then `c: [*b, *b]`, ten levels deep; or `*a` written 1,001 times',
    hint: 'write the values out in full: an alias (*name) may repeat a value, not nest aliases of aliases or count in thousands',
  },
  'content/encoding': {
    means: 'The file holds bytes that are not UTF-8 text, which would show as replacement characters on the site.',
    example: 'an article saved as Windows-1252 with a curly apostrophe',
    hint: 'save the file as UTF-8 in your editor, then check the character at this place',
  },
  'content/unread-file': {
    means: 'A file sits where no collection reads it, so it would never be published.',
    example: '`content/articles/2024/recap.md`, or `content/pages/about.yml`',
    hint: 'move or rename the file as the message says: sitegen reads only the files of its folders',
  },
  'content/slug': {
    means: "A file name becomes a page's address, and this one has characters an address should not.",
    example: '`content/articles/My Article.md`',
    hint: 'rename the file with lowercase letters, digits and hyphens only: its name is the page’s address',
  },
  'content/missing-file': {
    means: 'A file every site needs (site.yaml, pricing.yaml) is not there.',
    example: 'a content folder without `site.yaml`',
    hint: 'create the file, or point --content at the folder that has it',
  },
  'content/duplicate-route': {
    means: 'Two files would be published at the same address.',
    example: '`pages/news.yaml` beside a collection whose index is `/news`',
    hint: 'rename one of the two files: every page needs an address of its own',
  },
  'content/dangling-link': {
    means: 'A link (symlink) in content/ points at nothing.',
    example: '`content/articles/launch.md` linked to `../drafts/launch.md`, which was deleted',
    hint: 'put the file itself in content/, or remove the link',
  },
  'content/link-outside': {
    means: 'A link in content/ (to a file or a folder) leads out of content/: it is not read, so no file from elsewhere reaches a page.',
    example: '`content/articles/notes.md` linked to `/home/me/notes.md`',
    hint: 'copy the file into content/ instead of linking to it: a link in content/ may only lead to another file or folder of content/',
  },
  'public/dangling-link': {
    means: 'A link (symlink) in public/ points at nothing.',
    example: '`public/logo.svg` linked to `../design/logo-old.svg`, which was deleted',
    hint: 'put the file itself in public/, or remove the link',
  },
  'public/link-outside': {
    means: 'A link in public/ leads out of public/, and would publish what it points at.',
    example: '`public/src-content` linked to `../content`, which would publish drafts',
    hint: 'copy the file into public/ instead of linking to it: a link in public/ may only lead to another file or folder of public/',
  },
  'public/link-private': {
    means: 'A link in public/ leads to a dot-name, node_modules/ or an output of sitegen inside public/.',
    example: '`public/env.txt` linked to `public/.env`',
    hint: 'link to the file itself: dot-names, node_modules/ and outputs of sitegen are never published, even inside public/',
  },
  'public/linked-folder': {
    means: 'The public/ folder itself is a link to the project or one of its folders, which would publish all of it.',
    example: '`public` linked to `content`',
    hint: 'make public/ a folder, and copy or link into it only the files to publish',
  },
  'public/link-loop': {
    means: 'A link in public/ leads back to a folder that holds it, which would never end.',
    example: '`public/images/again` linked to `..`',
    hint: 'remove the link, or link to the files to publish instead of a folder around it',
  },
  'public/dotfile': {
    means: 'A file or folder of public/ whose name starts with a dot is never published (a warning).',
    example: '`public/.env`',
    hint: 'rename it without the leading dot if it is meant to be published, or move it out of public/',
  },
  'public/changed-during-build': {
    means: 'A file of public/ changed between its check and its copy, so the build stopped rather than publish it unchecked.',
    example: 'an SVG saved again, or swapped for a link, while a build ran',
    hint: 'build again once nothing is writing to public/',
  },
  'public/unsafe-document': {
    means: "An HTML, XHTML or XML file of public/ could run script in the site's origin.",
    example: '`public/report.xhtml` holding a `<script>`',
    hint: 'remove scripts, event attributes, embedded documents and links to other files from it, or make it a page in content/',
  },
  'public/build-path': {
    means: 'A file of public/ is where the build writes its own (a page, sitemap.xml, feed.xml, robots.txt, 404.html, assets/).',
    example: '`public/sitemap.xml`, `public/assets/terms.txt`, or `public/articles/NAME/index.html` where the article NAME is published',
    hint: 'move or rename it (downloads in a folder such as public/files/); change a page, sitemap or feed in the content or templates',
  },
  'markdown/frontmatter': {
    means: 'An article or legal document has no frontmatter block, or one that is never closed.',
    example: 'an article that starts with its title line instead of `---`',
    hint: 'start the file with a line ---, then the keys (title: …), then another line ---',
  },
  'markdown/too-deep': {
    means: 'A line is inside more than 32 quotes and list items, or 32 open `:::` directives, or nests too deep to render; it is not read.',
    example: 'a hundred levels of `>` quotes, or `- > - > …` on one line',
    hint: 'flatten the structure: fewer levels of nested quotes, lists or directives; close each ::: block',
  },
  'markdown/too-complex': {
    means: 'A paragraph holds more emphasis marks, `]` and backtick runs than 250,000 ÷ its length, or a file over 500 underlined headings.',
    example: 'a paragraph of 20,000 `*`',
    hint: 'split the paragraph, or put a backslash before marks meant as text (`\\*`, `\\]`); a long run of marks belongs in a code block',
  },
  'markdown/raw-html': {
    means: "HTML written in markdown is not published: the site's markup comes from its templates.",
    example: '`<div class="box">…</div>` in an article',
    hint: 'write it in markdown, or as a directive: :::callout, ::figure, ::video or :::carousel',
  },
  'markdown/h1': {
    means: 'A # heading in the text would be a second title on the page.',
    example: '`# Introduction`',
    hint: 'start the headings of the text at ## (the page’s title comes from the frontmatter)',
  },
  'markdown/unknown-directive': {
    means: 'A directive sitegen does not know: ::name or :::name starting a line, or :name{…} in a sentence (other colons are text).',
    example: '`:::callot{type="tip"}`',
    hint: 'use one of the directives listed; if the colon is meant as text, put a backslash before it: `\\:`',
  },
  'markdown/directive-syntax': {
    means: 'A known directive written in the wrong form: with the wrong number of colons, or inside a line of text.',
    example: '`::callout{type="tip"}`, where a block needs `:::`; `:figure{…}` in a sentence',
    hint: 'write it as the message shows, on a line of its own: ::: for a block with content, :: for an embed',
  },
  'markdown/directive-attributes': {
    means: "A directive's attributes are missing, unknown or malformed.",
    example: '`::video{url="…"}`, where the attribute is `src`',
    hint: 'write the attributes in braces after the name, as key="value", with the names the message lists',
  },
  'markdown/carousel': {
    means: 'A carousel holds something other than two or more images.',
    example: 'a `:::carousel` with one image and a paragraph',
    hint: 'put two or more images in the carousel, one ![alt text](/images/…) per line and nothing else',
  },
  'markdown/image-alt': {
    means: 'An image has no description for people who cannot see it.',
    example: '`![](/images/chart.svg)`',
    hint: 'say what the image shows between the brackets: ![what it shows](/images/…)',
  },
  'markdown/bare-url': {
    means: 'An address typed as plain text shows as text, not a link (a warning).',
    example: '`see https://example.com for more`',
    hint: 'write an address as <https://…> to show it as a link, or [the words to link](https://…) to link words',
  },
  'link/insecure': {
    means: 'A link uses http://, which browsers mark as unsafe.',
    example: '`[site](http://example.com)`',
    hint: 'change http:// to https://',
  },
  'link/no-host': {
    means: 'A browser would go to another host than the one written.',
    example: '`[x](https:///x)`, or `[y](https://user@example.com/)`',
    hint: 'write the whole address: https:// then the site’s name, such as https://example.com/page',
  },
  'link/unread': {
    means: 'A browser would change the address before following it.',
    example: '`[x](<https://example.com/a b>)`',
    hint: 'write the address as a browser reads it: percent-encode spaces, quotes and < >, and leave out . and .. parts',
  },
  'link/scheme': {
    means: 'A link uses a scheme other than https:, mailto: or tel:.',
    example: '`[x](javascript:alert(1))`',
    hint: 'link to an https:// address, a mailto: or tel: address, or a path of the site such as /pricing',
  },
  'link/relative': {
    means: 'A link is relative to the page, or starts with //, so it depends on where it is shown.',
    example: '`[pricing](pricing)`, or `[x](//example.com)`',
    hint: 'start a link into the site with / (/articles/my-article), and write other sites’ addresses in full with https://',
  },
  'link/outside-site': {
    means: "A path whose .. parts climb above the site's root.",
    example: '`[x](/../../etc/passwd)`',
    hint: 'remove the .. parts: write the path from the site’s root, such as /articles/my-article',
  },
  'link/trailing-slash': {
    means: 'A link to a page ends with a slash; pages are at their clean address.',
    example: '`[about](/about/)`',
    hint: 'remove the slash at the end of the path',
  },
  'link/broken': {
    means: 'No page or file of the site has this path.',
    example: '`[pricing](/prices)`',
    hint: 'link to a page (pages/NAME.yaml is /NAME, a collection’s file is at its route) or to a file in public/',
  },
  'link/fragment': {
    means: 'The page exists but has no heading with this #id.',
    example: '`[terms](/terms#paymnet)`',
    hint: 'use the id of a heading of that page: its text in lowercase, with hyphens for spaces',
  },
  'link/unpublished': {
    means: 'A published page links to a draft or to an article scheduled for a later day.',
    example: '`[next](/articles/work-in-progress)` where that article has `draft: true`',
    hint: 'publish the linked entry first (remove `draft: true`, or give it a date no later than this one), or add the link once it is live',
  },
  'link/redirected': {
    means: 'A link goes through a redirect of redirects.yaml (a warning).',
    example: '`[pricing](/pricing)` while `/pricing` redirects to `/pricing-preview`',
    hint: 'link to the address the message names: the old one costs every reader a redirect, and breaks if the redirect is removed',
  },
  'asset/relative': {
    means: "An image path does not start at the site's root.",
    example: '`thumbnail: images/a.svg`',
    hint: 'write the image’s path from public/, starting with /: public/images/a.svg is /images/a.svg',
  },
  'asset/outside-site': {
    means: 'An image path whose .. parts climb above public/.',
    example: '`thumbnail: /../secrets.svg`',
    hint: 'remove the .. parts: write the path from public/, such as /images/photo.svg',
  },
  'asset/missing': {
    means: 'No file of public/ has this path.',
    example: "`thumbnail: /images/articles/value-bank.svg`, one letter off the file's name",
    hint: 'add the file to public/, or correct the path (names are case-sensitive)',
  },
  'asset/undecodable': {
    means: 'An image the pipeline cannot read the size of.',
    example: 'an SVG with neither `width` and `height` nor a `viewBox`',
    hint: 'export the image again (an SVG needs a width and height, or a viewBox)',
  },
  'image/undecodable': {
    means: 'A raster image is damaged or only partly written.',
    example: 'a JPEG cut off by a failed upload',
    hint: 'open the image in an editor and export it again as JPEG, PNG or WebP: the file is damaged or only partly written',
  },
  'image/too-large': {
    means: 'A raster image is larger than the pipeline processes.',
    example: 'a 12000 × 8000 photo straight from a camera',
    hint: 'resize it to at most 6000 pixels on its longer side and export it again (the site never shows it larger than 1920)',
  },
  'image/unsafe-svg': {
    means: "An SVG could run script in the site's origin.",
    example: '`<svg onload="…">`, or a `<script>` inside it',
    hint: 'export the SVG again without scripts, event attributes, embedded HTML or links to other files (an SVG editor’s “plain SVG” does)',
  },
  'page/template': {
    means: 'A YAML page names a template the site does not have.',
    example: '`template: landng`',
    hint: 'set template: to one of the templates listed',
  },
  'schemas/outdated': {
    means: 'The editor schemas in content/.schemas/ no longer match the templates.',
    example: 'a block added to `templates/` without running `sitegen schemas`',
    hint: 'run npx sitegen schemas (it writes content/.schemas/ and .vscode/settings.json from templates/), then commit them',
  },
  'redirects/from-page': {
    means: 'A redirect starts at an address a page or file answers, which it would hide.',
    example: '`from: /about`',
    hint: 'start a redirect at an old address nothing else answers at: no page or file path, no index.html, nothing in /assets',
  },
  'redirects/broken': {
    means: 'A redirect leads to a path no published page has.',
    example: '`to: /news`, where no page has that address',
    hint: 'point it at the path of a page (pages/NAME.yaml is /NAME, a collection’s file is at its route), or at an https:// address',
  },
  'redirects/chain': {
    means: 'A redirect leads to another redirect.',
    example: '`/blog` to `/news`, and `/news` to `/news-insights`',
    hint: 'point it straight at the last address of the chain, as the message says: one redirect for each visitor, not several',
  },
  'redirects/loop': {
    means: 'Redirects lead back to an address already passed.',
    example: '`/a` to `/b`, and `/b` to `/a`',
    hint: 'point one redirect of the loop at a page: as it is, a browser goes round until it gives up',
  },
  'redirects/duplicate': {
    means: 'The same old address is redirected twice.',
    example: 'two entries with `from: /pricing`',
    hint: 'keep one redirect for each old address: remove the other, or correct its from',
  },
} as const satisfies Record<string, RuleEntry>;

/**
 * The codes of schema rules, the part after the kind of file (`article/invalid-value`,
 * `page/too-small`): zod's issue codes, the two sitegen words for keys (`unknown-key`,
 * `missing`), and sitegen's own checks of values (`params: { rule }`: a date, an address). A
 * site's schemas name their own rules the same way; those are declared by the site (`SiteRule`).
 */
export const SCHEMA_CODES = {
  'unknown-key': {
    means: "A key the file's schema does not have (often a misspelling).",
    example: '`titel: About us`',
    hint: 'remove the key, or correct its spelling to one of the keys allowed here (keys are case-sensitive)',
  },
  missing: {
    means: "A key the file's schema requires is not there.",
    example: 'an article without `excerpt:`',
    hint: 'add the key with a value, indented under the key it belongs to',
  },
  'invalid-type': {
    means: 'A value of the wrong kind: text where a list is asked, a number where text is.',
    example: '`tags: inventory`, where a list is asked: `tags: [inventory]`',
    hint: 'write the kind of value asked for: text, a number, true or false, a list (- item) or keys (key: value)',
  },
  'invalid-value': {
    means: 'A value that must be one of a closed set is not.',
    example: '`category: Analytic`',
    hint: 'copy one of the values allowed: they are case-sensitive',
  },
  'invalid-format': {
    means: 'A value not in the form the message shows.',
    example: '`href: www.example.com`',
    hint: 'write the value in the form the message shows',
  },
  'too-small': {
    means: 'A value too short, too small, or a list with too few entries.',
    example: '`title: ""`',
    hint: 'make it longer or larger, or add entries: the message says the least allowed',
  },
  'too-big': {
    means: 'A value too long, too large, or a list with too many entries.',
    example: 'an `excerpt:` longer than the most the message gives',
    hint: 'make it shorter or smaller, or remove entries: the message says the most allowed',
  },
  'not-multiple-of': {
    means: 'A number that must be a multiple of another is not.',
    example: '`annual: 12.345` where whole cents are asked',
    hint: 'use a multiple of the number the message gives',
  },
  'invalid-union': {
    means: 'A value in none of the shapes the key accepts.',
    example: '`cta: Contact us`, where a `label:` and an `href:` are asked',
    hint: 'write the value in one of the shapes this key accepts (a file of the same kind shows them)',
  },
  'invalid-key': {
    means: 'A key of a mapping is not one the schema allows.',
    example: 'a key of `details:` that is not a slug',
    hint: 'rename the key as the message says',
  },
  'invalid-element': {
    means: 'An entry of a list or mapping is not valid.',
    example: 'an entry of a list that is not the kind of value the list holds',
    hint: 'correct the entry the message points at',
  },
  invalid: {
    means: 'A value the schema refuses for the reason the message gives.',
    example: 'a value a check of the schema refuses, for the reason its message gives',
    hint: 'change the value as the message says',
  },
  'invalid-date': {
    means: 'A date is not a real YYYY-MM-DD date.',
    example: '`date: 18/07/2023`',
    hint: 'write the date as YYYY-MM-DD, such as 2024-07-08',
  },
  'duplicate-title': {
    means: 'Two entries have the same title, which readers cannot tell apart in lists (a warning).',
    example: 'two articles titled Renewal Season',
    hint: 'give one of the entries another title',
  },
} as const satisfies Record<string, RuleEntry>;

type CatalogueRule = keyof typeof RULES;
export type SchemaCode = keyof typeof SCHEMA_CODES;
/** A schema rule: the kind of file (soon a collection's name), then the code. */
export type SchemaRule = `${string}/${SchemaCode}`;
/** A rule `diagnostic()` and `warning()` accept: a made-up id does not compile. */
export type RuleId = CatalogueRule | SchemaRule;
/** A rule of the site's own checks, after the kind of file (`pricing/no-price`, `page/offer-plan`): declared in its definition, not here. */
export type SiteRuleId = `${string}/${string}`;

export const isSchemaCode = (code: unknown): code is SchemaCode => typeof code === 'string' && Object.hasOwn(SCHEMA_CODES, code);

export function hintFor(rule: RuleId): string {
  if (Object.hasOwn(RULES, rule)) return RULES[rule as CatalogueRule].hint;
  // A rule id the types refuse can still come from a cast: no hint, rather than a crash while reporting.
  return (SCHEMA_CODES as Partial<Record<string, RuleEntry>>)[rule.slice(rule.lastIndexOf('/') + 1)]?.hint ?? '';
}

/** The page of the rule catalogue, from the project's root. */
export const RULES_PAGE = 'docs/editors/rules.md';

/**
 * The heading of a rule's entry in the catalogue: the rule itself, or, for a schema rule, its code
 * after any kind of file (`article/invalid-value` is under `KIND/invalid-value`); a template's own
 * rule has none.
 */
export function ruleHeading(rule: string): string | undefined {
  if (Object.hasOwn(RULES, rule)) return rule;
  const code = rule.slice(rule.lastIndexOf('/') + 1);
  return rule.includes('/') && isSchemaCode(code) ? `KIND/${code}` : undefined;
}

/** Where the catalogue explains a heading: its page and the anchor GitHub gives the heading (letters, digits, - and _ kept, lowercase). */
export const catalogueEntry = (heading: string): string =>
  `${RULES_PAGE}#${heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_ -]/gu, '')
    .replace(/ /g, '-')}`;

/** Where a rule of the generator is explained; none for a rule that is not the generator's. */
export function ruleDocs(rule: string): string | undefined {
  const heading = ruleHeading(rule);
  return heading && catalogueEntry(heading);
}
