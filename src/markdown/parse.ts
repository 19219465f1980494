import GithubSlugger from 'github-slugger';
import type { Definition, Heading, Image, ImageReference, Link, Node, Paragraph, Root, Table, Text } from 'mdast';
import type {} from 'mdast-util-to-hast';
import type { ContainerDirective, LeafDirective, TextDirective } from 'mdast-util-directive';
import { toString } from 'mdast-util-to-string';
import remarkFrontmatter from 'remark-frontmatter';
import { gfmWithoutAutolinks } from './gfmWithoutAutolinks.ts';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import type { Position } from 'unist';
import { visit } from 'unist-util-visit';
import { diagnostic, FILE_START, warning, type Diagnostic, type Place } from '../diagnostics.ts';
import type { ImageSource } from '../islands/images.tsx';
import type { ImageSizer } from '../load/imageSizes.ts';
import type { HeadingInfo, SourceRef } from '../model.ts';
import type { RuleId } from '../rules.ts';
import { didYouMean } from '../suggestion.ts';
import { parseYaml, type YamlSource } from '../yaml/yamlSource.ts';
import { bareUrls } from './bareUrls.ts';
import { tooManyUnderlinedHeadings } from './boundedBlocks.ts';
import { boundedInline, TooComplex } from './boundedInline.ts';
import { directiveNames, directiveSchemas, elementName, type DirectiveName } from './directives.ts';
import { withoutDeepNesting } from './nesting.ts';
import { countWords } from './readingTime.ts';
import { siteDirectives } from './siteDirectives.ts';

export interface ParsedMarkdown {
  file: string;
  frontmatter: YamlSource | undefined;
  tree: Root;
  links: SourceRef[];
  images: SourceRef[];
  headings: HeadingInfo[];
  words: number;
  diagnostics: Diagnostic[];
}

/** The markdown parser, with or without GFM tables. */
export const markdownParser = (tables: boolean) =>
  unified()
    .use(remarkParse)
    .use(remarkFrontmatter, ['yaml'])
    .use(gfmWithoutAutolinks, { tables })
    .use(siteDirectives)
    // Last, so that it reads each run of marks before the constructs it bounds.
    .use(boundedInline);
const parser = markdownParser(true);
/** For text that cannot hold a table: trying the start of every paragraph line as a table's head row costs about a fifth of the parser's time. */
const parserWithoutTables = markdownParser(false);

/**
 * Whether markdown may hold a GFM table: its delimiter row needs a `|`, or (a table of one
 * column) a colon beside its dashes (`:--`, `--:`).
 */
export function mayHoldTable(text: string): boolean {
  return /\||:-|-:/.test(text);
}

/**
 * Parses markdown with YAML frontmatter into mdast, validates embeds, rejects raw HTML,
 * gives headings ids and images their sizes, and collects what the cross-file checks need.
 */
export function parseMarkdown(file: string, source: string, sizeOf: ImageSizer): ParsedMarkdown {
  const diagnostics: Diagnostic[] = [];
  const text = withoutDeepNesting(file, source, diagnostics);
  const processor = mayHoldTable(text) ? parser : parserWithoutTables;
  const tree = parseBounded(processor, text);
  if (tree instanceof TooComplex) {
    diagnostics.push(diagnostic(file, tree.at, 'markdown/too-complex', tree.message));
    return { file, frontmatter: undefined, tree: { type: 'root', children: [] }, links: [], images: [], headings: [], words: 0, diagnostics };
  }
  const links: SourceRef[] = [];
  const images: SourceRef[] = [];
  const headings: HeadingInfo[] = [];
  const slugger = new GithubSlugger();
  const report = (place: Place, rule: RuleId, message: string) => diagnostics.push(diagnostic(file, place, rule, message));

  let frontmatter: YamlSource | undefined;
  const first = tree.children[0];
  if (first?.type === 'yaml') {
    frontmatter = parseYaml(file, first.value, at(first).line);
    diagnostics.push(...frontmatter.errors);
    tree.children.shift();
  } else if (/^---[ \t]*(\r?\n|$)/.test(text)) {
    diagnostics.push(
      diagnostic(
        file,
        { ...FILE_START, endLine: 1, endColumn: 4 },
        'markdown/frontmatter',
        'the frontmatter block that starts here is never closed: end it with a line --- after its last key',
      ),
    );
  } else {
    diagnostics.push(diagnostic(file, FILE_START, 'markdown/frontmatter', 'missing YAML frontmatter: the file must start with a --- block'));
  }

  const definitions: Definition[] = [];
  const imageReferences: ImageReference[] = [];
  // Where links are written (the tree is visited parents first): an address in a link's text is no bare URL.
  const linked: [number, number][] = [];
  let tables = 0;
  visit(tree, (node, index, parent) => {
    switch (node.type) {
      case 'text': {
        const { start, end } = node.position ?? {};
        if (start?.offset === undefined || end?.offset === undefined || linked.some(([from, to]) => start.offset! >= from && start.offset! < to)) return;
        for (const { url, at } of bareUrls((node as Text).value, text.slice(start.offset, end.offset), start)) {
          // Links must use https:// (link/insecure): the fix offered is one that passes.
          const fixed = url.replace(/^http:/i, 'https:');
          diagnostics.push(
            warning(file, at, 'markdown/bare-url', `"${url}" is shown as plain text, not as a link: write <${fixed}>, or [the words to link](${fixed})`),
          );
        }
        return;
      }
      case 'table': {
        // Each table sits in its own labelled scroll region; the label names its columns.
        const head = (node as Table).children[0];
        const columns = head
          ? head.children
              .map((cell) => toString(cell))
              .filter(Boolean)
              .join(', ')
          : '';
        node.data = { ...node.data, hProperties: { dataLabel: `Table ${++tables}${columns ? `: ${columns}` : ''}` } };
        return;
      }
      case 'html':
        report(at(node), 'markdown/raw-html', 'raw HTML is not allowed in markdown; use markdown syntax or a directive (callout, figure, video, carousel)');
        if (parent && index !== undefined) parent.children.splice(index, 1);
        return index;
      case 'heading': {
        const heading = node as Heading;
        if (heading.depth === 1) report(at(node), 'markdown/h1', 'do not use a level-1 heading: the page title comes from the frontmatter');
        const text = toString(heading);
        const id = slugger.slug(text);
        headings.push({ depth: heading.depth, text, id });
        heading.data = { ...heading.data, hProperties: { id } };
        return;
      }
      case 'link':
      case 'linkReference':
        if (node.position?.start.offset !== undefined && node.position.end.offset !== undefined)
          linked.push([node.position.start.offset, node.position.end.offset]);
        if (node.type === 'link') links.push({ url: (node as Link).url, ...at(node) });
        return;
      case 'definition':
        definitions.push(node as Definition);
        return;
      case 'imageReference':
        imageReferences.push(node as ImageReference);
        return;
      case 'image':
        images.push({ url: (node as Image).url, ...at(node) });
        sizeImage(node as Image, (node as Image).url, sizeOf);
        return;
      case 'containerDirective':
      case 'leafDirective':
      case 'textDirective':
        transformDirective(node as ContainerDirective | LeafDirective | TextDirective, text, report, images, sizeOf);
        return;
    }
  });

  // Reference-style links and images (`[text][ref]`, `![alt][ref]`) take their URL from a
  // definition (`[ref]: url`): each definition is checked where it is written, as an image
  // when an image uses it, else as a link (an unused one too: it may be used later).
  const imageLabels = new Set(imageReferences.map((ref) => ref.identifier));
  for (const definition of definitions) (imageLabels.has(definition.identifier) ? images : links).push({ url: definition.url, ...at(definition) });
  const urls = new Map(definitions.map((d) => [d.identifier, d.url]));
  for (const ref of imageReferences) sizeImage(ref, urls.get(ref.identifier), sizeOf);

  const words = countWords(toString(tree));
  return { file, frontmatter, tree, links, images, headings, words, diagnostics };
}

/** The tree of `text`, or why it is refused before the parser's work outgrows the file's size. */
function parseBounded(processor: typeof parser, text: string): Root | TooComplex {
  const refused = tooManyUnderlinedHeadings(text);
  if (refused) return refused;
  try {
    return processor.runSync(processor.parse(text)) as Root;
  } catch (error) {
    if (error instanceof TooComplex) return error;
    throw error;
  }
}

/** Where a node was written, from its first character to just past its last. */
function at(node: Node): Place {
  return node.position ? span(node.position) : FILE_START;
}

const span = ({ start, end }: Position): Place => ({ line: start.line, column: start.column, endLine: end.line, endColumn: end.column });

/** Gives an image its file's width and height, so the page does not shift while it loads. */
function sizeImage(node: Image | ImageReference, url: string | undefined, sizeOf: ImageSizer) {
  const size = url?.startsWith('/') ? sizeOf(url) : undefined;
  if (size) node.data = { ...node.data, hProperties: { width: size.width, height: size.height } };
}

function transformDirective(
  node: ContainerDirective | LeafDirective | TextDirective,
  text: string,
  report: (place: Place, rule: RuleId, message: string) => void,
  images: SourceRef[],
  sizeOf: ImageSizer,
) {
  const spec = directiveSchemas[node.name as DirectiveName];
  const opening = openingOf(node);
  if (!spec) {
    report(
      opening,
      'markdown/unknown-directive',
      `unknown directive "${node.name}"; expected one of: ${directiveNames.join(', ')}${didYouMean(node.name, directiveNames)}`,
    );
    return;
  }
  if (spec.kind !== node.type) {
    const syntax = spec.kind === 'containerDirective' ? `:::${node.name}{…} … :::` : `::${node.name}{…}`;
    report(
      opening,
      'markdown/directive-syntax',
      node.type === 'textDirective'
        ? `"${node.name}" cannot be written inside a line of text: write it as ${syntax}, on a line of its own`
        : `"${node.name}" must be written as ${syntax}`,
    );
    return;
  }
  const parsed = spec.attributes.safeParse(node.attributes ?? {});
  // Its images are checked against public/ even when another of its attributes is wrong: every problem in one run.
  const faulty = new Set(parsed.error?.issues.map((issue) => String(issue.path[0] ?? '')));
  for (const key of ['src', 'poster']) {
    const url = node.attributes?.[key];
    if (typeof url === 'string' && url.startsWith('/') && !faulty.has(key)) images.push({ url, ...(valueAt(node, key, text) ?? opening) });
  }
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '');
      if (issue.code === 'unrecognized_keys') {
        const allowed = Object.keys(spec.attributes.shape).join(', ');
        for (const unknown of issue.keys)
          report(
            attributeAt(node, unknown) ?? opening,
            'markdown/directive-attributes',
            `unknown attribute "${unknown}" on "${node.name}" (allowed: ${allowed})`,
          );
        continue;
      }
      const value = node.attributes?.[key];
      const message =
        issue.code === 'invalid_value'
          ? `"${node.name}" attribute "${key}" must be one of: ${issue.values.map(String).join(', ')}${typeof value === 'string' ? didYouMean(value, issue.values.map(String)) : ''}`
          : `"${node.name}" attribute "${key}" ${issue.code === 'invalid_type' && value === undefined ? 'is required' : issue.message}`;
      report(valueAt(node, key, text) ?? opening, 'markdown/directive-attributes', message);
    }
    return;
  }
  const attributes: Record<string, unknown> = { ...parsed.data };
  const size = typeof attributes.src === 'string' && attributes.src.startsWith('/') ? sizeOf(attributes.src) : undefined;
  if (size) Object.assign(attributes, { width: size.width, height: size.height });
  if (node.name === 'carousel') {
    const slides = collectSlides(node as ContainerDirective, report, images, sizeOf);
    attributes.slides = JSON.stringify(slides);
    (node as ContainerDirective).children = [];
  }
  node.data = { ...node.data, hName: elementName(node.name as DirectiveName), hProperties: attributes as Record<string, string> };
}

/** A directive's first line as written (`:::callout{…}`): what names it, without a container's content. */
function openingOf(node: ContainerDirective | LeafDirective | TextDirective): Place {
  const opening = node.data?.position?.opening;
  return opening ? span(opening) : at(node);
}

/** Where an attribute is written, from its name to the end of its value. */
function attributeAt(node: ContainerDirective | LeafDirective | TextDirective, key: string): Place | undefined {
  const position = node.data?.position?.attributes?.[key];
  return position && span(position);
}

/** Where an attribute's value is written, quotes included (the whole attribute when it has no value: `#id`, `.class`, `key`). */
function valueAt(node: ContainerDirective | LeafDirective | TextDirective, key: string, text: string): Place | undefined {
  const position = node.data?.position?.attributes?.[key];
  if (position?.start.offset === undefined || position.end.offset === undefined) return attributeAt(node, key);
  const before = /^[^=]*=\s*/.exec(text.slice(position.start.offset, position.end.offset))?.[0];
  if (!before) return attributeAt(node, key);
  const lines = before.split('\n');
  const line = position.start.line + lines.length - 1;
  const column = lines.length > 1 ? lines.at(-1)!.length + 1 : position.start.column + before.length;
  return { line, column, endLine: position.end.line, endColumn: position.end.column };
}

function collectSlides(node: ContainerDirective, report: (place: Place, rule: RuleId, message: string) => void, images: SourceRef[], sizeOf: ImageSizer) {
  const slides: { alt: string; image: ImageSource }[] = [];
  for (const child of node.children) {
    const items = child.type === 'paragraph' ? (child as Paragraph).children.filter((c) => c.type !== 'text' || c.value.trim()) : [child];
    for (const item of items) {
      if (item.type !== 'image') {
        report(at(item), 'markdown/carousel', 'a carousel may only contain images, one per line: ![alt text](/images/slide.svg)');
        continue;
      }
      if (!item.alt) report(at(item), 'markdown/image-alt', 'every carousel image needs alt text');
      images.push({ url: item.url, ...at(item) });
      slides.push({ alt: item.alt ?? '', image: sizeOf(item.url) ?? { src: item.url, width: 0, height: 0 } });
    }
  }
  if (slides.length < 2) report(at(node), 'markdown/carousel', 'a carousel needs at least two images');
  return slides;
}
