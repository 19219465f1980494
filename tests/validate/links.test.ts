import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixtureCopy, runCli } from '../helpers/fixture.ts';

let fx: Awaited<ReturnType<typeof fixtureCopy>>;
beforeEach(async () => {
  fx = await fixtureCopy();
});
afterEach(() => fx.remove());

/** The `path:line:column  message  [rule]` lines of a check, paths relative to the content folder. */
async function problems(): Promise<string[]> {
  const { stderr } = await runCli('check', '--content', fx.content);
  const prefix = path.relative(process.cwd(), fx.content) + path.sep;
  return stderr
    .split('\n')
    .filter((line) => /:\d+:\d+ {2}/.test(line))
    .map((line) => (line.startsWith(prefix) ? line.slice(prefix.length) : line));
}

describe('every link and image is checked, however it is written', () => {
  it('checks reference-style definitions as links or images, with their own positions', async () => {
    await fx.edit('articles/first-steps.md', (t) =>
      t.replace(
        'A clean inventory is the base of every sponsorship sale.',
        [
          'A clean inventory is the [base][bad] of every [sale][gone] and ![an image][pic], as [this][ok] says.',
          '',
          '[bad]: javascript:alert(7)',
          '[gone]: /no-such-page',
          '[pic]: ../../../etc/passwd',
          '[ok]: /articles/second-look',
        ].join('\n'),
      ),
    );
    expect(await problems()).toEqual([
      'articles/first-steps.md:15:1  link "javascript:alert(7)": only https:, mailto:, tel: and paths of the site are allowed, not javascript:  [link/scheme]',
      'articles/first-steps.md:16:1  broken link "/no-such-page": no page or file has the path /no-such-page  [link/broken]',
      'articles/first-steps.md:17:1  image "../../../etc/passwd" must be a root-relative path into public/, such as /images/photo.svg  [asset/relative]',
    ]);
  });

  it('resolves .. against the site, not the build machine', async () => {
    await fx.edit('articles/first-steps.md', (t) =>
      t.replace(
        'A clean inventory is the base of every sponsorship sale.',
        ['![b](/../../../etc/passwd) ![e](/images/../../package.json) [l](/../../../etc/passwd) [fine](/articles/../articles/second-look) [host](//evil.example.com/x)'].join('\n'),
      ),
    );
    expect(await problems()).toEqual([
      'articles/first-steps.md:13:1  image "/../../../etc/passwd" leaves the site: its .. parts climb above the site’s root  [asset/outside-site]',
      'articles/first-steps.md:13:28  image "/images/../../package.json" leaves the site: its .. parts climb above the site’s root  [asset/outside-site]',
      'articles/first-steps.md:13:61  link "/../../../etc/passwd" leaves the site: its .. parts climb above the site’s root  [link/outside-site]',
      'articles/first-steps.md:13:129  link "//evil.example.com/x" leads to another host: write it as an https:// URL  [link/relative]',
    ]);
  });
});
