/**
 * Every rule the generator reports, with a one-line hint for the editor: what to do about it.
 * The message says what is wrong at this place; the hint says how such a problem is fixed.
 */
export const RULES = {
  'yaml-syntax': 'indent with spaces (never tabs), set each key once with ": " after it, and quote text that starts with [ { * & ! or holds ": "',
  'yaml/alias-bomb': 'write the values out in full: an alias (*name) may repeat a value a few times, not build a document of aliases of aliases',
  'content/encoding': 'save the file as UTF-8 in your editor, then check the character at this place',
  'content/unread-file': 'move or rename the file as the message says: sitegen reads only the files of its folders',
  'content/slug': 'rename the file with lowercase letters, digits and hyphens only: its name is the page’s address',
  'content/missing-file': 'create the file, or point --content at the folder that has it',
  'content/duplicate-route': 'rename one of the two files: every page needs an address of its own',
  'public/dangling-link': 'put the file itself in public/, or remove the link',
  'public/link-outside': 'copy the file into public/ instead of linking to it: a link in public/ may only lead to another file or folder of public/',
  'public/link-private': 'link to the file itself: dot-names, node_modules/ and outputs of sitegen are never published, even inside public/',
  'public/linked-folder': 'make public/ a folder, and copy or link into it only the files to publish',
  'public/link-loop': 'remove the link, or link to the files to publish instead of a folder around it',
  'public/dotfile': 'rename it without the leading dot if it is meant to be published, or move it out of public/',
  'public/unsafe-document': 'remove scripts, event attributes, embedded documents and links to other files from it, or make it a page in content/',
  'markdown/frontmatter': 'start the file with a line ---, then the keys (title: …), then another line ---',
  'markdown/too-deep': 'flatten the structure: fewer levels of nested quotes or lists',
  'markdown/raw-html': 'write it in markdown, or as a directive: :::callout, ::figure, ::video or :::carousel',
  'markdown/h1': 'start the headings of the text at ## (the page’s title comes from the frontmatter)',
  'markdown/unknown-directive': 'use one of the directives listed, or write \\: if the colon is meant as text',
  'markdown/directive-syntax': 'write it with the colons the message shows: ::: for a block with content, :: for an embed',
  'markdown/directive-attributes': 'write the attributes in braces after the name, as key="value", with the names the message lists',
  'markdown/carousel': 'put two or more images in the carousel, one ![alt text](/images/…) per line and nothing else',
  'markdown/image-alt': 'say what the image shows between the brackets: ![what it shows](/images/…)',
  'markdown/bare-url': 'write an address as <https://…> to show it as a link, or [the words to link](https://…) to link words',
  'link/insecure': 'change http:// to https://',
  'link/no-host': 'write the whole address: https:// then the site’s name, such as https://example.com/page',
  'link/unread': 'write the address as a browser reads it: percent-encode spaces, quotes and < >, and leave out . and .. parts',
  'link/scheme': 'link to an https:// address, a mailto: or tel: address, or a path of the site such as /pricing',
  'link/relative': 'start a link into the site with / (/articles/my-article), and write other sites’ addresses in full with https://',
  'link/outside-site': 'remove the .. parts: write the path from the site’s root, such as /articles/my-article',
  'link/trailing-slash': 'remove the slash at the end of the path',
  'link/broken': 'link to a page (pages/NAME.yaml is /NAME, a collection’s file is at its route) or to a file in public/',
  'link/fragment': 'use the id of a heading of that page: its text in lowercase, with hyphens for spaces',
  'link/unpublished': 'publish the linked entry first (remove `draft: true`, or give it a date no later than this one), or add the link once it is live',
  'link/redirected': 'link to the address the message names: the old one costs every reader a redirect, and breaks if the redirect is removed',
  'asset/relative': 'write the image’s path from public/, starting with /: public/images/a.svg is /images/a.svg',
  'asset/outside-site': 'remove the .. parts: write the path from public/, such as /images/photo.svg',
  'asset/missing': 'add the file to public/, or correct the path (names are case-sensitive)',
  'asset/undecodable': 'export the image again (an SVG needs a width and height, or a viewBox)',
  'image/undecodable': 'open the image in an editor and export it again as JPEG, PNG or WebP: the file is damaged or only partly written',
  'image/too-large': 'resize it to at most 6000 pixels on its longer side and export it again (the site never shows it larger than 1920)',
  'image/unsafe-svg': 'export the SVG again without scripts, event attributes, embedded HTML or links to other files (an SVG editor’s “plain SVG” does)',
  'page/template': 'set template: to one of the templates listed',
  'schemas/outdated': 'run npx sitegen schemas (it writes content/.schemas/ and .vscode/settings.json from templates/), then commit them',
  'redirects/from-page': 'start a redirect at an old address nothing else answers at: no page or file path, no index.html, nothing in /assets',
  'redirects/broken': 'point it at the path of a page (pages/NAME.yaml is /NAME, a collection’s file is at its route), or at an https:// address',
  'redirects/chain': 'point it straight at the last address of the chain, as the message says: one redirect for each visitor, not several',
  'redirects/loop': 'point one redirect of the loop at a page: as it is, a browser goes round until it gives up',
  'redirects/duplicate': 'keep one redirect for each old address: remove the other, or correct its from',
} as const satisfies Record<string, string>;

/**
 * The codes of schema rules, the part after the kind of file (`article/invalid-value`,
 * `page/too-small`): zod's issue codes, the two sitegen words for keys (`unknown-key`,
 * `missing`), and the rules of the schemas' own checks (`params: { rule }`).
 */
export const SCHEMA_CODES = {
  'unknown-key': 'remove the key, or correct its spelling to one of the keys allowed here (keys are case-sensitive)',
  missing: 'add the key with a value, indented under the key it belongs to',
  'invalid-type': 'write the kind of value asked for: text, a number, true or false, a list (- item) or keys (key: value)',
  'invalid-value': 'copy one of the values allowed: they are case-sensitive',
  'invalid-format': 'write the value in the form the message shows',
  'too-small': 'make it longer or larger, or add entries: the message says the least allowed',
  'too-big': 'make it shorter or smaller, or remove entries: the message says the most allowed',
  'not-multiple-of': 'use a multiple of the number the message gives',
  'invalid-union': 'write the value in one of the shapes this key accepts (a file of the same kind shows them)',
  'invalid-key': 'rename the key as the message says',
  'invalid-element': 'correct the entry the message points at',
  invalid: 'change the value as the message says',
  'invalid-date': 'write the date as YYYY-MM-DD, such as 2024-07-08',
  'duplicate-title': 'give one of the entries another title',
  'quarterly-below-annual': 'set the quarterly price to the annual price or more',
  'unknown-detail': 'use a key of details:, or add the detail there',
  'duplicate-group': 'give each group a key of its own',
  'no-price': 'add prices: { annual: …, quarterly: … }, or display: tailored or coming-soon',
  'no-action': 'add cta: { label: …, href: … } to the plan, such as a “Notify me” link to the newsletter',
  popular: 'mark only one plan of the group with popular: true',
  'default-group': 'set defaultGroup: to a group with visible: true',
} as const satisfies Record<string, string>;

type CatalogueRule = keyof typeof RULES;
export type SchemaCode = keyof typeof SCHEMA_CODES;
/** A schema rule: the kind of file (soon a collection's name), then the code. */
export type SchemaRule = `${string}/${SchemaCode}`;
/** A rule `diagnostic()` and `warning()` accept: a made-up id does not compile. */
export type RuleId = CatalogueRule | SchemaRule;
/** A page template's own check (`page/offer-plan`): its hint comes from the template. */
export type TemplateRule = `page/${string}`;

/** Said of a template's check that gives no hint of its own. */
export const TEMPLATE_HINT = 'the page’s template checks what this value refers to in other files: change it here, or the file it names';

export const isSchemaCode = (code: unknown): code is SchemaCode => typeof code === 'string' && Object.hasOwn(SCHEMA_CODES, code);

export function hintFor(rule: RuleId): string {
  if (Object.hasOwn(RULES, rule)) return RULES[rule as CatalogueRule];
  return SCHEMA_CODES[rule.slice(rule.lastIndexOf('/') + 1) as SchemaCode];
}
