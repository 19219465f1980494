import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixtureCopy, runCli } from '../helpers/fixture.ts';

let fx: Awaited<ReturnType<typeof fixtureCopy>>;
beforeEach(async () => {
  fx = await fixtureCopy();
});
afterEach(() => fx.remove());

/** Puts `text` where the fixture article's first sentence is (line 13). */
const writeBody = (text: string) => fx.edit('articles/first-steps.md', (t) => t.replace('A clean inventory is the base of every sponsorship sale.', text));

/** The `path:line:column  message  [rule]` lines of a check, paths relative to the content folder. */
async function problems(): Promise<string[]> {
  const { stdout } = await runCli('check', '--content', fx.content);
  const prefix = path.relative(process.cwd(), fx.content) + path.sep;
  return stdout
    .split('\n')
    .filter((line) => /:\d+:\d+ {2}/.test(line))
    .map((line) => (line.startsWith(prefix) ? line.slice(prefix.length) : line));
}

describe('every link and image is checked, however it is written', () => {
  it('checks reference-style definitions as links or images, with their own positions', async () => {
    await writeBody(
      [
        'A clean inventory is the [base][bad] of every [sale][gone] and ![an image][pic], as [this][ok] says.',
        '',
        '[bad]: javascript:alert(7)',
        '[gone]: /no-such-page',
        '[pic]: ../../../etc/passwd',
        '[ok]: /articles/second-look',
      ].join('\n'),
    );
    expect(await problems()).toEqual([
      'articles/first-steps.md:15:1  link "javascript:alert(7)": only https:, mailto:, tel: and paths of the site are allowed, not javascript:  [link/scheme]',
      'articles/first-steps.md:16:1  broken link "/no-such-page": no page or file has the path /no-such-page  [link/broken]',
      'articles/first-steps.md:17:1  image "../../../etc/passwd" must be a root-relative path into public/, such as /images/photo.svg  [asset/relative]',
    ]);
  });

  it('resolves .. against the site, not the build machine', async () => {
    await writeBody(
      [
        '![b](/../../../etc/passwd) ![e](/images/../../package.json) [l](/../../../etc/passwd) [fine](/articles/../articles/second-look) [host](//evil.example.com/x)',
      ].join('\n'),
    );
    expect(await problems()).toEqual([
      'articles/first-steps.md:13:1  image "/../../../etc/passwd" leaves the site: its .. parts climb above the site’s root  [asset/outside-site]',
      'articles/first-steps.md:13:28  image "/images/../../package.json" leaves the site: its .. parts climb above the site’s root  [asset/outside-site]',
      'articles/first-steps.md:13:61  link "/../../../etc/passwd" leaves the site: its .. parts climb above the site’s root  [link/outside-site]',
      'articles/first-steps.md:13:129  link "//evil.example.com/x" leads to another host: write it as an https:// URL  [link/relative]',
    ]);
  });
});

describe('a broken link or missing image names the closest route or file', () => {
  it('suggests a page, a file of public/ or a heading a letter or two off, whatever the case', async () => {
    await writeBody(
      '[a](/articles/second-lok) [b](/privacy-polcy#2-what-we-collect) [c](/Legal) [d](/favicon.sv) ![e](/images/articles/value-bank.svg) [f](/articles/third-look) [g](/legl/) [h](/articles/second-look#track-delivery-as-yo-go)',
    );
    expect(await problems()).toEqual([
      'articles/first-steps.md:13:1  broken link "/articles/second-lok": no page or file has the path /articles/second-lok; did you mean "/articles/second-look"?  [link/broken]',
      'articles/first-steps.md:13:27  broken link "/privacy-polcy#2-what-we-collect": no page or file has the path /privacy-polcy; did you mean "/privacy-policy"?  [link/broken]',
      'articles/first-steps.md:13:65  broken link "/Legal": no page or file has the path /Legal; did you mean "/legal"?  [link/broken]',
      'articles/first-steps.md:13:77  broken link "/favicon.sv": no page or file has the path /favicon.sv; did you mean "/favicon.svg"?  [link/broken]',
      'articles/first-steps.md:13:94  missing image "/images/articles/value-bank.svg": no such file in public/; did you mean "/images/articles/value-banks.svg"?  [asset/missing]',
      'articles/first-steps.md:13:132  broken link "/articles/third-look": no page or file has the path /articles/third-look  [link/broken]',
      'articles/first-steps.md:13:158  link "/legl/" must not end with a slash: pages answer at /legl; did you mean "/legal"?  [link/trailing-slash]',
      'articles/first-steps.md:13:170  broken link "/articles/second-look#track-delivery-as-yo-go": /articles/second-look has no heading with the id "track-delivery-as-yo-go"; did you mean "track-delivery-as-you-go"?  [link/fragment]',
    ]);
  });

  it('shows the suggestion to tools too: in the JSON and in GitHub annotations', async () => {
    await fx.edit('articles/first-steps.md', (t) => t.replace('(/articles/second-look)', '(/articles/second-lok)'));
    const json = JSON.parse((await runCli('check', '--content', fx.content, '--format', 'json')).stdout) as { message: string }[];
    expect(json.map((d) => d.message)).toEqual([
      'broken link "/articles/second-lok": no page or file has the path /articles/second-lok; did you mean "/articles/second-look"?',
    ]);
    const { stdout } = await runCli('check', '--content', fx.content, '--format', 'github');
    expect(stdout).toContain(
      '::broken link "/articles/second-lok": no page or file has the path /articles/second-lok; did you mean "/articles/second-look"?%0Ahint: ',
    );
  });
});

describe('a directive’s image is reported where its path is written', () => {
  it('points a figure’s missing image at its src value, in the text and in the JSON', async () => {
    const written = 'src="/images/articles/category-exclusivity/survey-conflicts.svg"';
    await fx.edit('articles/first-steps.md', (t) => {
      expect(t).toContain(`::figure{${written}`);
      return t.replace(written, 'src="/images/articles/category-exclusivity/survey-conflict.svg"');
    });
    expect(await problems()).toEqual([
      'articles/first-steps.md:23:14  missing image "/images/articles/category-exclusivity/survey-conflict.svg": no such file in public/; did you mean "/images/articles/category-exclusivity/survey-conflicts.svg"?  [asset/missing]',
    ]);
    const json = JSON.parse((await runCli('check', '--content', fx.content, '--format', 'json')).stdout) as {
      line: number;
      column: number;
      endLine: number;
      endColumn: number;
    }[];
    expect(json.map(({ line, column, endLine, endColumn }) => ({ line, column, endLine, endColumn }))).toEqual([
      { line: 23, column: 14, endLine: 23, endColumn: 73 },
    ]);
  });
});

describe('a link to a file with errors of its own is checked in the same run', () => {
  it('reports a link to a scheduled or draft article whose frontmatter has an error, and to a heading it lacks', async () => {
    await fx.edit('articles/second-look.md', (t) => t.replace(/^date: .*$/m, 'date: 2999-02-20').replace('category: Strategy', 'category: Nope'));
    await fx.write('articles/half-done.md', '---\ntitle: Half Done\ndraft: true\n---\n\n## Only heading\n');
    await writeBody('[done](/articles/half-done#only-heading) and [gone](/articles/half-done#no-heading)');
    const lines = await problems();
    expect(lines.filter((line) => /\[link\//.test(line))).toEqual([
      'articles/first-steps.md:13:1  link "/articles/half-done#only-heading" leads to articles/half-done.md, which is a draft: it is not published, so the link would be broken  [link/unpublished]',
      'articles/first-steps.md:13:46  link "/articles/half-done#no-heading" leads to articles/half-done.md, which is a draft: it is not published, so the link would be broken  [link/unpublished]',
      'articles/first-steps.md:17:63  link "/articles/second-look" leads to articles/second-look.md, which is scheduled for 2999-02-20: the link would be broken until then  [link/unpublished]',
    ]);
    expect(lines).toContainEqual(expect.stringMatching(/^articles\/second-look\.md:6:11 {2}category: "Nope" is not allowed/));
    expect(lines).toContainEqual(expect.stringMatching(/^articles\/half-done\.md:2:1 {2}missing required key "date"/));
  });

  it('reports a missing heading of a published page whose frontmatter has an error, and the links of a file with errors', async () => {
    await fx.edit('articles/second-look.md', (t) =>
      t.replace('category: Strategy', 'category: Nope').replace('Renewals start on day one.', 'Renewals start on [day one](/articles/first-stepz).'),
    );
    await fx.edit('articles/first-steps.md', (t) => t.replace('(/articles/second-look)', '(/articles/second-look#no-such-heading)'));
    expect((await problems()).filter((line) => /\[link\//.test(line))).toEqual([
      'articles/first-steps.md:17:63  broken link "/articles/second-look#no-such-heading": /articles/second-look has no heading with the id "no-such-heading"  [link/fragment]',
      'articles/second-look.md:11:19  broken link "/articles/first-stepz": no page or file has the path /articles/first-stepz; did you mean "/articles/first-steps"?  [link/broken]',
    ]);
  });

  it('checks the links of a YAML page that fails its schema, with its schema error', async () => {
    await fx.edit('pages/legal.yaml', (t) =>
      t.replace('heading: Legal Stuff', 'heading: Legal Stuff\nsubheading: Extra').replace('href: /privacy-policy\n', 'href: /privacy-polcy\n'),
    );
    expect(await problems()).toEqual([
      'pages/legal.yaml:5:1  unknown key "subheading" (allowed: heading, intro, columns, template, title, description)  [page/unknown-key]',
      'pages/legal.yaml:12:15  broken link "/privacy-polcy": no page or file has the path /privacy-polcy; did you mean "/privacy-policy"?  [link/broken]',
    ]);
  });
});

describe('links to other sites', () => {
  it('are read as a browser reads them, the WHATWG URL parser’s way, in markdown and in YAML, and refused when that is not what was written', async () => {
    await writeBody(
      '[a](https:///x) [b](https:x) [c](https://evil.example\\@good.example/) [d](https://user@good.example/) [e](https://example.com:8443/a?b#c) [f](https://www.touchline.example) [g](https://0x7f.1/) [h](<https://example.com/a b>) [i](https://example.com/a/../b) [j](https://EXAMPLE.com) [k](https://[::1]/docs)',
    );
    await fx.edit('pages/legal.yaml', (t) => t.replace('href: /privacy-policy\n', "href: 'https://privacy.example\\\\@good.example/'\n"));
    expect(await problems()).toEqual([
      'articles/first-steps.md:13:1  link "https:///x" names no host right after https:// (a browser would read x out of what follows)  [link/no-host]',
      'articles/first-steps.md:13:17  link "https:x" names no host right after https:// (a browser would read x out of what follows)  [link/no-host]',
      // Markdown reads \\@ as @: a user's name before the host, which the browser would skip.
      'articles/first-steps.md:13:30  link "https://evil.example@good.example/" holds a user name before an @, and a browser would go to good.example: write the address of the page itself  [link/no-host]',
      'articles/first-steps.md:13:71  link "https://user@good.example/" holds a user name before an @, and a browser would go to good.example: write the address of the page itself  [link/no-host]',
      'articles/first-steps.md:13:174  link "https://0x7f.1/" names its host otherwise than a browser reads it: a browser would go to 127.0.0.1; write https://127.0.0.1  [link/no-host]',
      'articles/first-steps.md:13:195  link "https://example.com/a b" is not what a browser reads from it (https://example.com/a%20b): percent-encode spaces, quotes, < > and other characters, and write no . or .. parts  [link/unread]',
      'articles/first-steps.md:13:226  link "https://example.com/a/../b" is not what a browser reads from it (https://example.com/b): percent-encode spaces, quotes, < > and other characters, and write no . or .. parts  [link/unread]',
      'articles/first-steps.md:13:283  link "https://[::1]/docs" names an IPv6 address, which a page\'s link cannot carry as written: link to the site\'s name  [link/unread]',
      'pages/legal.yaml:11:15  link "https://privacy.example\\\\@good.example/" names its host otherwise than a browser reads it: a browser would go to privacy.example; write https://privacy.example  [link/no-host]',
    ]);
  });
});
