import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import GithubSlugger from 'github-slugger';
import type { Heading, Link, Definition, Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { describe, expect, it } from 'vitest';
import { docFiles } from '../helpers/docPages.ts';

/**
 * Every relative link of README.md and docs/ leads to a file of the repository, and its
 * `#fragment`, in a markdown file, to one of its headings as GitHub names them: moving a
 * section cannot leave a dead link behind.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');

const parse = (file: string) =>
  unified()
    .use(remarkParse)
    .parse(readFileSync(path.join(ROOT, file), 'utf8')) as Root;

/** The anchors of a markdown file's headings, as GitHub writes them (repeated headings get -1, -2). */
function anchors(file: string): Set<string> {
  const slugger = new GithubSlugger();
  const found = new Set<string>();
  visit(parse(file), 'heading', (node: Heading) => void found.add(slugger.slug(toString(node))));
  return found;
}

/** The problem with one link of `file`, or undefined when it leads somewhere. */
function problem(file: string, url: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return undefined;
  const [target = '', fragment] = url.split('#') as [string, string | undefined];
  const resolved = target ? path.normalize(path.join(path.dirname(file), decodeURIComponent(target))) : file;
  if (resolved.startsWith('..')) return `${url} leads out of the repository`;
  if (!existsSync(path.join(ROOT, resolved))) return `${url}: there is no ${resolved}`;
  if (fragment === undefined || !resolved.endsWith('.md')) return undefined;
  if (statSync(path.join(ROOT, resolved)).isDirectory()) return `${url}: ${resolved} is a folder`;
  return anchors(resolved).has(fragment) ? undefined : `${url}: ${resolved} has no heading whose anchor is #${fragment}`;
}

describe('the links of the documentation', () => {
  for (const file of docFiles(ROOT)) {
    it(`${file}: every relative link leads to a file and a heading`, () => {
      const problems: string[] = [];
      visit(parse(file), ['link', 'definition'], (node) => {
        const { url, position } = node as Link | Definition;
        const found = problem(file, url);
        if (found) problems.push(`${file}:${position?.start.line}: ${found}`);
      });
      expect(problems).toEqual([]);
    });
  }

  it('finds a link to a file that is not there and to a heading that is not there', () => {
    expect(problem('docs/README.md', 'editors/no-such-page.md')).toBe('editors/no-such-page.md: there is no docs/editors/no-such-page.md');
    expect(problem('README.md', 'docs/README.md#no-such-heading')).toBe(
      'docs/README.md#no-such-heading: docs/README.md has no heading whose anchor is #no-such-heading',
    );
    expect(problem('README.md', '#layout')).toBeUndefined();
    expect(problem('docs/README.md', '../../outside.md')).toBe('../../outside.md leads out of the repository');
  });
});
