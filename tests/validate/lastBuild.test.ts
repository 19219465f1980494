import { rename, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectCopy, type Project } from '../helpers/project.ts';

/** The fixture's first article links to /articles/second-look. */
const LINK_AT = 'content/articles/first-steps.md:17:63';

describe('a broken link to a page of the last build', () => {
  let project: Project;
  const moveArticle = async (from: string, to: string) => rename(project.file(`content/articles/${from}.md`), project.file(`content/articles/${to}.md`));
  const check = async () => {
    const { code, stdout } = await project.run(['check']);
    // The problem's line, its hint and the count; its frame and its rule's page are tried in tests/diagnosticFormats.test.ts.
    const lines = stdout
      .trimEnd()
      .split('\n')
      .filter((line) => !/^\s+(>\s*)?\d*\s*\|/.test(line) && !/^\s+docs: /.test(line));
    return { code, lines };
  };

  beforeAll(async () => {
    project = await projectCopy({ content: 'fixture' });
  }, 60_000);
  afterAll(() => project?.remove());

  it('is a plain broken link when nothing was built before', async () => {
    await moveArticle('second-look', 'second-looks');
    const { code, lines } = await check();
    expect(code).toBe(1);
    expect(lines[0]).toBe(
      `${LINK_AT}  broken link "/articles/second-look": no page or file has the path /articles/second-look; did you mean "/articles/second-looks"?  [link/broken]`,
    );
    expect(lines[1]).toMatch(/^ {4}hint: link to a page /);
    await moveArticle('second-looks', 'second-look');
  }, 60_000);

  it('says the page was in the last build, names the renamed page, and gives the redirect that keeps its address', async () => {
    const built = await project.run(['build']);
    expect(built.code, built.stderr).toBe(0);
    await moveArticle('second-look', 'second-looks');
    const { code, lines } = await check();
    expect(code).toBe(1);
    expect(lines).toEqual([
      `${LINK_AT}  broken link "/articles/second-look": /articles/second-look was a page of the last build, and no page has that path now; was it renamed to /articles/second-looks?  [link/broken]`,
      '    hint: link to the page\'s new address; if it was renamed, keep its old address working with a redirect: add "- { from: /articles/second-look, to: /articles/second-looks }" under redirects: in content/redirects.yaml (see docs/editors/redirects.md)',
      '1 error in 1 file',
    ]);
    // `build` says the same before it writes anything: dist is still the last build.
    const again = await project.run(['build']);
    expect([again.code, again.stdout.split('\n')[0]]).toEqual([1, lines[0]]);
  }, 120_000);

  it('leaves the new address to the editor when no new page is like the old one', async () => {
    await moveArticle('second-looks', 'inventory-review');
    const { lines } = await check();
    expect(lines[0]).toBe(
      `${LINK_AT}  broken link "/articles/second-look": /articles/second-look was a page of the last build, and no page has that path now  [link/broken]`,
    );
    expect(lines[1]).toContain('add "- { from: /articles/second-look, to: /its-new-address }" under redirects: in content/redirects.yaml');
  }, 60_000);

  it('is mended by the redirect its hint gives: the link then only warns that it goes through it', async () => {
    await writeFile(project.file('content/redirects.yaml'), 'redirects:\n  - { from: /articles/second-look, to: /articles/inventory-review }\n');
    const { code, lines } = await check();
    expect(code).toBe(0);
    expect(lines[0]).toMatch(
      /^content\/articles\/first-steps\.md:17:63 {2}warning: link "\/articles\/second-look" leads to \/articles\/second-look, an old address redirected to \/articles\/inventory-review/,
    );
  }, 60_000);
});
