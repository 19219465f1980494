import { describe, expect, it } from 'vitest';
import { codeFrame, excerptOf } from '../../src/codeFrame.ts';
import { KeptDocuments, parseYaml } from '../../src/yaml/yamlSource.ts';

describe('YAML syntax errors', () => {
  it('reports the first error of a file, then at most two more, saying how many it left out', () => {
    const text = ['title: About', 'sections: [1, 2', 'e: }', 'f: {', 'g: ]', 'h: ['].join('\n');
    const { errors, data } = parseYaml('/site/pages/about.yaml', text);
    expect(data).toBeUndefined();
    expect(errors.map((e) => `${e.line}:${e.column}`)).toEqual(['3:1', expect.any(String), expect.any(String)]);
    expect(errors[0]!.message).toBe('invalid YAML: Flow sequence in block collection must be sufficiently indented and end with a ]');
    expect(errors[2]!.message).toMatch(/\(and \d+ more YAML errors after it, not shown: they often follow from the first; fix it and check again\)$/);
  });

  it('numbers the errors of frontmatter by the lines of its markdown file', () => {
    const { errors } = parseYaml('/site/articles/a.md', 'title: x\n  bad: y\n', 1);
    expect(errors).toEqual([
      expect.objectContaining({
        line: 3,
        column: 3,
        message: '"bad" is indented 2 spaces, which matches no key around it: indent it like "title" above it, 0 spaces',
      }),
    ]);
  });

  it('says nothing is left out when nothing is', () => {
    const { errors } = parseYaml('/site/a.yaml', 'a: 1\na: 2\n');
    expect(errors.map((e) => e.message)).toEqual([expect.stringMatching(/^invalid YAML: Map keys must be unique$/)]);
  });
});

describe('the common YAML mistakes, in plain words, once, where the mistake is', () => {
  const only = (text: string, lineOffset = 0) => {
    const { errors } = parseYaml('/site/pages/about.yaml', text, lineOffset);
    return errors.map((e) => `${e.line}:${e.column} ${e.message}`);
  };

  it('a value holding ": " without quotes, the caret on that colon, with the line to write', () => {
    expect(only('title: Value Banks: Tracking What You Owe\ndate: 2023-07-18\n', 1)).toEqual([
      '2:19 the value of "title" holds ": ", which YAML reads as the start of another key: put the whole value in quotes, title: "Value Banks: Tracking What You Owe"',
    ]);
    expect(only('blocks:\n  - type: hero\n    heading: Sponsorship: the whole season\n')).toEqual([
      '3:25 the value of "heading" holds ": ", which YAML reads as the start of another key: put the whole value in quotes, heading: "Sponsorship: the whole season"',
    ]);
    // Quoted, or a colon with no space after it (a time, an address), it is no mistake.
    expect(only('title: "Value Banks: Tracking"\nat: 10:30\nurl: https://example.com\n')).toEqual([]);
  });

  it('a key indented a space less or more than its neighbours, at its first character, naming the key to line up with', () => {
    const page = [
      'template: blocks',
      'blocks:',
      '  - type: hero',
      '    eyebrow: Our story',
      '   heading: Built by people who sold sponsorships',
      '    lead: Touchline started in a partnerships office.',
    ];
    expect(only(page.join('\n'))).toEqual(['5:4 "heading" is indented 3 spaces, which matches no key around it: indent it like "eyebrow" above it, 4 spaces']);
    page[4] = '     heading: Built by people who sold sponsorships';
    expect(only(page.join('\n'))).toEqual(['5:6 "heading" is indented 5 spaces, which matches no key around it: indent it like "eyebrow" above it, 4 spaces']);
    expect(only('a:\n  b: 1\n   c: 2\n')).toEqual(['3:4 "c" is indented 3 spaces, which matches no key around it: indent it like "b" above it, 2 spaces']);
  });

  describe('a list item at another depth than the items of its list, at its dash, naming the item to line up with', () => {
    const page = [
      'template: blocks',
      'blocks:',
      '  - type: hero',
      '    heading: Built by people who sold sponsorships',
      '    actions:',
      '      - { label: Talk to our team, href: /contact }',
      '',
      '  - type: prose',
      '    heading: Give sponsorship teams back their time',
    ];
    const moved = (spaces: number) => page.map((line, i) => (i === 7 ? `${' '.repeat(spaces)}${line.trim()}` : line)).join('\n');

    it('deeper than its siblings', () => {
      // Two spaces deeper, the parser says three things about the blank line above; the nested list of actions is no sibling.
      expect(only(moved(4))).toEqual([
        '8:5 this list item is indented 4 spaces, deeper than the item above it at line 3: indent it 2 spaces, like the "- type: hero" above',
      ]);
      expect(only(moved(5))).toEqual([
        '8:6 this list item is indented 5 spaces, deeper than the item above it at line 3: indent it 2 spaces, like the "- type: hero" above',
      ]);
    });

    it('less deep than its siblings, its keys moved with it or not', () => {
      expect(only(moved(0))).toEqual([
        '8:1 this list item is indented 0 spaces, less deep than the item above it at line 3: indent it 2 spaces, like the "- type: hero" above',
      ]);
      const keysMoved = moved(0).replace('    heading: Give', '  heading: Give');
      expect(only(keysMoved)).toEqual([
        '8:1 this list item is indented 0 spaces, less deep than the item above it at line 3: indent it 2 spaces, like the "- type: hero" above',
      ]);
    });

    it('with one error, its frame on the item', () => {
      const { errors } = parseYaml('/site/pages/about.yaml', moved(4));
      expect(errors).toHaveLength(1);
      const [error] = errors;
      expect(error!.rule).toBe('yaml-syntax');
      // The frame a build draws of it (src/diagnosticExcerpts.ts), the caret on the item's dash.
      expect(codeFrame(excerptOf(moved(4), error!), error!)).toEqual([
        '> 8 |     - type: prose',
        '    |     ^',
        '  9 |     heading: Give sponsorship teams back their time',
      ]);
    });

    it('leaves a list that YAML reads as written alone', () => {
      expect(only(page.join('\n'))).toEqual([]);
      expect(only('blocks:\n- type: hero\n- type: prose\n')).toEqual([]);
    });
  });

  it('a tab in the indentation, at the tab', () => {
    expect(only('site:\n  name: Touchline\n\turl: https://www.touchline.example\n')).toEqual([
      '3:1 "url" is indented with a tab: YAML indents with spaces only',
    ]);
  });

  it('leaves other faults to the parser, and a value going on over two lines alone', () => {
    expect(only('description: A value that goes on\n  over a second line\ntitle: About\n')).toEqual([]);
    expect(only('a: 1\na: 2\n')).toEqual([expect.stringMatching(/invalid YAML: Map keys must be unique/)]);
  });
});

describe('YAML aliases', () => {
  it('refuses aliases of aliases that grow a document exponentially, at the first such alias', () => {
    const bomb = [
      'a: &a [x, x, x, x, x, x, x, x, x]',
      ...'bcdefgh'.split('').map((name, i) => `${name}: &${name} [${Array(9).fill(`*${'abcdefgh'[i]}`).join(', ')}]`),
    ].join('\n');
    const { errors, data } = parseYaml('/site/bomb.yaml', bomb);
    expect(data).toBeUndefined();
    expect(errors).toEqual([
      expect.objectContaining({
        line: 3,
        column: 8,
        endLine: 3,
        endColumn: 10,
        rule: 'yaml/alias-bomb',
        message: expect.stringMatching(/^the alias \*b repeats a value that itself repeats others/),
      }),
    ]);
  });

  it('refuses one alias repeated more often than the parser allows, at its first use', () => {
    const { errors } = parseYaml('/site/many.yaml', `a: &x 1\nb: [${Array(150).fill('*x').join(', ')}]\n`);
    expect(errors).toEqual([
      expect.objectContaining({
        line: 2,
        column: 5,
        rule: 'yaml/alias-bomb',
        message: 'the alias *x is used 150 times, more than a file may repeat a value: the file is not read',
      }),
    ]);
  });

  it('reads aliases used as YAML means them: a few repeats of a value', () => {
    const { errors, data } = parseYaml('/site/ok.yaml', 'base: &cta { label: Start, href: /signup }\nhero: { cta: *cta }\nfooter: { cta: *cta }\n');
    expect(errors).toEqual([]);
    expect(data).toEqual({
      base: { label: 'Start', href: '/signup' },
      hero: { cta: { label: 'Start', href: '/signup' } },
      footer: { cta: { label: 'Start', href: '/signup' } },
    });
  });
});

describe('YAML work bounded by the file’s size', () => {
  // The bound is generous: before, 40,000 keys took half a minute, 100,000 more than two; now a second or two.
  it('reads tens of thousands of keys in one mapping, and still finds the one set twice, where it is set again', { timeout: 10_000 }, () => {
    const keys = Array.from({ length: 40_000 }, (_, i) => `key${i}: value`);
    const { errors, data } = parseYaml('/site/keys.yaml', [...keys, 'key7: again', ''].join('\n'));
    expect(errors).toEqual([expect.objectContaining({ line: 40_001, column: 1, rule: 'yaml-syntax', message: 'invalid YAML: Map keys must be unique' })]);
    expect(data).toBeUndefined();
  });

  it('tells keys of different types apart, and checks each mapping on its own, flow ones too', () => {
    expect(parseYaml('/site/a.yaml', '1: a\n"1": b\nx: { a: 1 }\ny: { a: 1 }\n').errors).toEqual([]);
    expect(parseYaml('/site/a.yaml', 'x: { a: 1, b: 2, a: 3 }\n').errors).toEqual([
      expect.objectContaining({ line: 1, column: 18, message: 'invalid YAML: Map keys must be unique' }),
    ]);
  });

  // Before, a file with an error at each of 20,000 keys took minutes to report; now a second or two.
  it('places an error at each of tens of thousands of keys, with the lines around it', { timeout: 10_000 }, () => {
    const text = Array.from({ length: 20_000 }, (_, i) => `key${i}: value`).join('\n');
    const source = parseYaml('/site/keys.yaml', text);
    const places = Array.from({ length: 20_000 }, (_, i) => source.locate([`key${i}`], 'key'));
    expect(places[19_999]).toMatchObject({ line: 20_000, column: 1, endColumn: 9 });
    expect(places.map((place) => excerptOf(text, place).text[1]).slice(-2)).toEqual(['key19998: value', 'key19999: value']);
  });

  it('refuses values nested thousands deep in plain words, where the parser gave up', () => {
    const { errors } = parseYaml('/site/deep.yaml', `a: ${'['.repeat(5000)}${']'.repeat(5000)}\n`);
    expect(errors).toEqual([
      expect.objectContaining({
        line: 1,
        rule: 'yaml-syntax',
        message: 'invalid YAML: values nested too deep to read (hundreds of lists or mappings inside each other): flatten them',
      }),
    ]);
  });

  it('refuses a file of more than 1,000 aliases at the first alias past them, each alias used once or not', () => {
    const anchors = Array.from({ length: 2000 }, (_, i) => `- &a${i} v${i}`);
    const aliases = Array.from({ length: 2000 }, (_, i) => `- *a${i}`);
    const refusal = [
      expect.objectContaining({
        line: 3001,
        column: 3,
        endLine: 3001,
        endColumn: 9,
        rule: 'yaml/alias-bomb',
        message: 'the file uses more than 1,000 aliases (*name), more than a file may repeat values: the file is not read',
      }),
    ];
    expect(parseYaml('/site/aliases.yaml', [...anchors, ...aliases, ''].join('\n')).errors).toEqual(refusal);
    expect(parseYaml('/site/aliases.yaml', `a: &x 1\nb:\n${Array(3000).fill('  - *x').join('\n')}\n`).errors).toEqual([
      expect.objectContaining({ line: 1003, column: 5, rule: 'yaml/alias-bomb' }),
    ]);
  });

  it('reads a thousand aliases, of any of 10,000 anchors', () => {
    const anchors = Array.from({ length: 10_000 }, (_, i) => `- &a${i} v${i}`);
    const aliases = Array.from({ length: 1000 }, (_, i) => `- *a${i * 10}`);
    const { errors, data } = parseYaml('/site/anchors.yaml', [...anchors, ...aliases, ''].join('\n'));
    expect(errors).toEqual([]);
    expect((data as string[]).slice(10_000, 10_002)).toEqual(['v0', 'v10']);
  });
});

describe('YAML documents kept between builds', () => {
  it('parses a file again only when its text changed, and no build can change what it kept', () => {
    const kept = new KeptDocuments();
    const text = 'title: About\nhero:\n  heading: We help\n';
    const first = parseYaml('/site/pages/about.yaml', text, 0, kept);
    // The same text gives the same source: what is made from it can be kept by identity.
    expect(parseYaml('/site/pages/about.yaml', text, 0, kept)).toBe(first);
    expect(() => ((first.data as { hero: { heading: string } }).hero.heading = 'changed by a build')).toThrow(TypeError);
    expect(parseYaml('/site/pages/about.yaml', text, 0, kept).data).toEqual({ title: 'About', hero: { heading: 'We help' } });
    const edited = parseYaml('/site/pages/about.yaml', 'title: About\nhero:\n  heading: We help rights holders\n', 0, kept);
    expect(edited).not.toBe(first);
    expect(edited.data).toEqual({ title: 'About', hero: { heading: 'We help rights holders' } });
    expect(edited.locate(['hero', 'heading'])).toMatchObject({ line: 3, column: 12, endLine: 3, endColumn: 34 });
  });

  it('forgets the files a build no longer read', () => {
    const kept = new KeptDocuments();
    const about = kept.source('/site/pages/about.yaml', 'title: About\n');
    const gone = kept.source('/site/pages/old.yaml', 'title: Old\n');
    kept.forgetAllBut(new Set(['/site/pages/about.yaml']));
    expect(kept.source('/site/pages/about.yaml', 'title: About\n')).toBe(about);
    expect(kept.source('/site/pages/old.yaml', 'title: Old\n')).not.toBe(gone);
  });

  it('reports a kept document’s syntax errors again at every build', () => {
    const kept = new KeptDocuments();
    const text = 'a: 1\na: 2\n';
    const once = parseYaml('/site/a.yaml', text, 0, kept).errors;
    expect(parseYaml('/site/a.yaml', text, 0, kept).errors).toEqual(once);
    expect(once).toHaveLength(1);
    // The same text in another file is reported at that file.
    expect(parseYaml('/site/b.yaml', text, 0, kept).errors.map((e) => e.file)).toEqual(['/site/b.yaml']);
  });
});
