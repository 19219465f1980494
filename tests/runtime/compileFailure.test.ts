import { describe, expect, it } from 'vitest';
import { explainSyntaxError } from '../../src/runtime/compileFailure.mjs';
import { projectCopy } from '../helpers/project.ts';

/** A template as the site writes them, with one slip put in by each test. */
const FOOTER = `export function Footer({ site }) {
  return (
    <footer>
      <div className="max-w-sm">
        <Logo name={site.name} inverted />
        <p>{site.footer.blurb}</p>
      </div>
    </footer>
  );
}
`;

/** The explanation of FOOTER with `from` replaced by `to`: its words and caret, as `line:column message`. */
const explained = (from: string | RegExp, to: string) => {
  const said = explainSyntaxError(FOOTER.replace(from, to), 'templates/components/Footer.tsx');
  return said && { at: `${said.line}:${said.column} ${said.message}`, hint: said.hint };
};

describe('a JSX syntax error in plain words, at the slip', () => {
  it('an expression left open: the } to add, where, and the { it closes', () => {
    // esbuild reads the rest of the line as a regular expression and says "Unterminated regular expression" at its end.
    expect(explained('{site.name} inverted />', '{site.name</div>')).toEqual({
      at: '5:30 a "}" is missing here, to close the "{" at line 5 ("{site.name")',
      hint: 'an expression in JSX starts with { and ends with }, as in <Logo name={site.name} />',
    });
  });

  it('an element never closed, at its opening tag', () => {
    expect(explained('<p>{site.footer.blurb}</p>', '<p>{site.footer.blurb}')).toEqual({
      at: '6:9 <p> is never closed',
      hint: 'add </p> where its content ends, or end it with /> (<p />) if it has none',
    });
    expect(explained(' inverted />', ' inverted >')?.at).toBe('5:9 <Logo> is never closed');
  });

  it('a closing tag that closes another element, at that tag', () => {
    expect(explained('</p>', '</span>')).toEqual({
      at: '6:31 this closing tag does not close <p>, the element still open here',
      hint: 'close the elements in the order they were opened: write </p> here, or remove this tag if it closes nothing',
    });
  });

  it('a missing closing brace of a function, naming where it opened', () => {
    expect(explained(/\}\n$/, '\n')?.at).toBe('11:1 a "}" is missing here, to close the "{" at line 1 ("export function Footer({ site }) {")');
  });

  it('text in quotes never closed, at its opening quote', () => {
    expect(explained('className="max-w-sm"', 'className="max-w-sm')?.at).toBe('4:22 this text in quotes is never closed');
  });

  it('a } in JSX text, with how to show it', () => {
    expect(explained('<p>{', '<p>}{')).toEqual({
      at: '6:12 a "}" in JSX text is read as code',
      hint: "remove it if it closes nothing, or write {'}'} to show it as text",
    });
  });

  it('leaves code that parses, and slips it cannot say better than esbuild, to esbuild', () => {
    expect(explainSyntaxError(FOOTER, 'Footer.tsx')).toBeUndefined();
    // A call left open before the }: TypeScript guesses a missing ",", esbuild says 'Expected ")" but found "}"'.
    expect(explained('{site.footer.blurb}', '{format(site.footer.blurb}')).toBeUndefined();
  });
});

describe('a template that does not compile, as a command says it', () => {
  it('is one error in plain words with its frame, hint and esbuild’s words, and exit 1, without a stack', async () => {
    const project = await projectCopy({ content: 'fixture' });
    try {
      await project.edit('templates/components/Footer.tsx', (t) => t.replace('<Logo name={site.name} inverted />', '<Logo name={site.name</div>'));
      for (const command of ['check', 'build']) {
        const { code, stdout, stderr } = await project.run([command]);
        expect([command, code, stdout]).toEqual([command, 1, '']);
        const lines = stderr.trimEnd().split('\n');
        expect(lines.slice(0, 2)).toEqual([
          'sitegen: the code does not compile',
          expect.stringMatching(/^✘ \[ERROR\] a "\}" is missing here, to close the "\{" at line \d+ \("\{site\.name"\)$/),
        ]);
        // The frame's caret sits just after `site.name`, where the } goes.
        const source = lines.find((l) => l.includes('│ ') && l.includes('{site.name</div>'))!;
        const caret = lines[lines.indexOf(source) + 1]!;
        expect(source.slice(caret.indexOf('^'))).toBe('</div>');
        expect(lines.slice(-2)).toEqual([
          '  hint: an expression in JSX starts with { and ends with }, as in <Logo name={site.name} />',
          '  esbuild says: Unterminated regular expression',
        ]);
        expect(stderr).not.toMatch(/^\s+at /m);
      }
    } finally {
      await project.remove();
    }
  }, 120_000);
});
