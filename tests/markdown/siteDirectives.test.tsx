import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/diagnostics.ts';
import { parseMarkdown } from '../../src/markdown/parse.ts';
import { countWords } from '../../src/markdown/readingTime.ts';
import { toHast } from '../../src/markdown/toHast.ts';
import { Markdown } from '../../templates/markdown/Markdown.tsx';
import { fixtureCopy, runCli } from '../helpers/fixture.ts';

const doc = (body: string) => parseMarkdown('doc.md', `---\ntitle: T\n---\n${body}`, () => undefined);
const html = (body: string) => renderToStaticMarkup(<Markdown tree={toHast(doc(body).tree)} />);
/** Problems as `line:column-endLine:endColumn rule message`, lines counted in the file (the body starts on line 4). */
const problems = (body: string) => doc(body).diagnostics.map((d: Diagnostic) => `${d.line}:${d.column}-${d.endLine}:${d.endColumn} ${d.rule} ${d.message}`);

const PROSE = ['Kickoff at 7:30pm tonight.', 'They won 2:1 at home.', 'Leeds:Chelsea is the tie.', 'Email sales:team today.'];

describe('a colon in running text is text', () => {
  it.each(PROSE)('renders "%s" exactly as written, with no problem', (sentence) => {
    expect(problems(sentence)).toEqual([]);
    expect(html(sentence)).toBe(`<p>${sentence}</p>`);
  });

  it('keeps the words, headings and reading time of the text as written, in headings, lists and callouts too', () => {
    expect(doc(PROSE.join(' ')).words).toBe(countWords(PROSE.join(' ')));
    const body = `## Kickoff at 7:30pm\n\n- won 2:1\n- Leeds:Chelsea\n\n:::callout{type="tip"}\nEmail sales:team, ratio 3:2:1.\n:::`;
    const parsed = doc(body);
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.headings).toEqual([{ depth: 2, text: 'Kickoff at 7:30pm', id: 'kickoff-at-730pm' }]);
    const out = html(body);
    for (const text of ['Kickoff at 7:30pm</a></h2>', '<li>won 2:1</li>', '<li>Leeds:Chelsea</li>', 'Email sales:team, ratio 3:2:1.'])
      expect(out).toContain(text);
  });

  it('leaves text that merely looks like a directive’s label as markdown: a link right after a colon stays a link', () => {
    expect(html('At 7:30pm[the report](/articles/x) came, see note:[1] and :abbr[x].')).toBe(
      '<p>At 7:30pm<a href="/articles/x">the report</a> came, see note:[1] and :abbr[x].</p>',
    );
  });

  it('still reads an escaped colon as a colon', () => {
    expect(problems('Write \\:figure{src="x"} to show it.')).toEqual([]);
    expect(html('Write \\:figure{src="x"} to show it.')).toBe('<p>Write :figure{src=&quot;x&quot;} to show it.</p>');
  });
});

describe('only the site’s directives, in their own forms, are directives', () => {
  it('reports a misspelt directive at its opening line, with the name it was meant to be', () => {
    expect(problems('::figur{src="/images/a.svg"}\n\n:::calout{type="tip"}\nText\n:::\n\nText with :figur{src="/images/a.svg"} in it.')).toEqual([
      '4:1-4:29 markdown/unknown-directive unknown directive "figur"; expected one of: callout, figure, video, carousel; did you mean "figure"?',
      '6:1-6:22 markdown/unknown-directive unknown directive "calout"; expected one of: callout, figure, video, carousel; did you mean "callout"?',
      '10:11-10:38 markdown/unknown-directive unknown directive "figur"; expected one of: callout, figure, video, carousel; did you mean "figure"?',
    ]);
  });

  it('tells an editor who wrote a site directive inside a line of text to give it a line of its own, in its form', () => {
    expect(problems('See :figure{src="/images/a.svg" alt="A" caption="C"} here.\n\nA :callout[Note] too.')).toEqual([
      '4:5-4:53 markdown/directive-syntax "figure" cannot be written inside a line of text: write it as ::figure{…}, on a line of its own',
      '6:3-6:17 markdown/directive-syntax "callout" cannot be written inside a line of text: write it as :::callout{…} … :::, on a line of its own',
    ]);
  });
});

describe('sitegen check', () => {
  let fx: Awaited<ReturnType<typeof fixtureCopy>>;
  beforeAll(async () => {
    fx = await fixtureCopy();
  });
  afterAll(() => fx?.remove());

  it('finds nothing to report in prose with times, scores and word:word', async () => {
    const first = 'A clean inventory is the base of every sponsorship sale.';
    await fx.edit('articles/first-steps.md', (t) => {
      expect(t).toContain(first);
      return t.replace(first, PROSE.join(' '));
    });
    const { code, stdout, stderr } = await runCli('check', '--content', fx.content);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^content is valid/);
    expect(code).toBe(0);
  });
});
