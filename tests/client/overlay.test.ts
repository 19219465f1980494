import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FILE_START, diagnostic } from '../../src/diagnostics.ts';
import { RULES, SCHEMA_CODES } from '../../src/rules.ts';

/** An element as far as the overlay uses one: its text, class, attributes and children. */
class FakeElement {
  textContent = '';
  className = '';
  id = '';
  tabIndex = -1;
  href = '';
  target = '';
  rel = '';
  type = '';
  open = false;
  children: (FakeElement | string)[] = [];
  readonly attributes: Record<string, string> = {};
  constructor(readonly tagName: string) {}
  append(...nodes: (FakeElement | string)[]) {
    this.children.push(...nodes);
  }
  replaceChildren(...nodes: (FakeElement | string)[]) {
    this.children = nodes;
  }
  setAttribute(name: string, value: string) {
    this.attributes[name] = value;
  }
  addEventListener() {}
  showModal() {
    this.open = true;
  }
  close() {
    this.open = false;
  }
  remove() {}
  /** Its text as read: its own, then its children's. */
  text(): string {
    return this.textContent + this.children.map((c) => (typeof c === 'string' ? c : c.text())).join('');
  }
  /** Every element under it (itself first) matching `test`. */
  all(test: (e: FakeElement) => boolean): FakeElement[] {
    const below = this.children.flatMap((c) => (typeof c === 'string' ? [] : c.all(test)));
    return test(this) ? [this, ...below] : below;
  }
}

/** The page the overlay script runs in, as far as it reaches: its event source, the document and `location`. */
const page = {
  source: undefined as { onmessage: ((message: { data: unknown }) => void) | null } | undefined,
  looked: 0,
  reload: vi.fn(),
  dialog: undefined as FakeElement | undefined,
};

beforeAll(async () => {
  vi.stubGlobal(
    'EventSource',
    class {
      onopen: (() => void) | null = null;
      onmessage: ((message: { data: unknown }) => void) | null = null;
      constructor(readonly url: string) {
        page.source = this;
      }
    },
  );
  vi.stubGlobal('document', {
    documentElement: { dataset: {} },
    getElementById: () => (page.looked++, page.dialog ?? null),
    createElement: (tag: string) => new FakeElement(tag),
    body: { append: (dialog: FakeElement) => (page.dialog = dialog) },
  });
  vi.stubGlobal('location', { reload: page.reload });
  await import('../../src/client/overlay.ts');
});
afterAll(() => vi.unstubAllGlobals());

const send = (data: unknown) => page.source!.onmessage!({ data });

describe('the overlay script', () => {
  it('ignores what is not an event it knows: not JSON, no type, an unknown type, a build error without a problem it can show', () => {
    const garbled = [
      'reload',
      '{"type":"reload"',
      'null',
      '[]',
      '{"event":"reload"}',
      '{"type":"full-reload"}',
      '{"type":"build-error"}',
      '{"type":"build-error","problem":{"kind":"content","diagnostics":[{"file":"content/site.yaml"}]}}',
      '{"type":"build-error","problem":{"kind":"crash"}}',
      '{"type":"build-error","problem":{"kind":"content","diagnostics":[{"file":"a.md","line":1,"column":1,"message":"m","rule":"r","hint":"h","severity":"error","docs":7}]}}',
      42,
    ];
    for (const data of garbled) expect(() => send(data), String(data)).not.toThrow();
    expect(page.reload).not.toHaveBeenCalled();
    expect(page.looked).toBe(0);
  });

  it('acts on each event it knows: clear takes the overlay away, reload loads the page again', () => {
    send(JSON.stringify({ type: 'clear' }));
    expect(page.looked).toBe(1);
    send(JSON.stringify({ type: 'reload' }));
    expect(page.reload).toHaveBeenCalledTimes(1);
  });
});

describe('the overlay', () => {
  const at = { line: 4, column: 11, endLine: 4, endColumn: 19 };
  const excerpt = { line: 3, text: ['author: Priya Nair', 'category: Analytic', 'tags: [value-bank]'] };
  const blob = 'https://github.com/touchline/web/blob/HEAD';
  const docs = 'docs/editors/rules.md#kindinvalid-value';
  const problems = [
    { ...diagnostic('content/articles/a.md', at, 'article/invalid-value', 'category: "Analytic" is not allowed'), excerpt, docs },
    { ...diagnostic('content/articles/b.md', at, 'article/invalid-value', 'category: "Analytc" is not allowed'), excerpt, docs },
    diagnostic('content/site.yaml', { line: 9, column: 17 }, 'link/broken', 'broken link "/legals"'),
  ];

  it("shows each problem's frame, its rule linked to its page, and its hint and page once, as the terminal does", () => {
    send(JSON.stringify({ type: 'build-error', problem: { kind: 'content', diagnostics: problems, blob } }));
    const items = page.dialog!.all((e) => e.tagName === 'li');
    expect(items.map((item) => item.children.map((c) => (typeof c === 'string' ? c : c.text())))).toEqual([
      [
        'content/articles/a.md:4:11  category: "Analytic" is not allowed  [article/invalid-value]',
        ['  3 | author: Priya Nair', '> 4 | category: Analytic', '    |           ^^^^^^^^', '  5 | tags: [value-bank]'].join('\n'),
        `hint: ${SCHEMA_CODES['invalid-value'].hint}`,
        `docs: ${docs}`,
      ],
      ['content/articles/b.md:4:11  category: "Analytc" is not allowed  [article/invalid-value]', expect.stringContaining('> 4 | category: Analytic')],
      // A rule whose page the server did not name: no link, no page.
      ['content/site.yaml:9:17  broken link "/legals"  [link/broken]', `hint: ${RULES['link/broken'].hint}`],
    ]);
    // The rule and its page link to the page on GitHub, the repository's files the server named.
    const links = page.dialog!.all((e) => e.tagName === 'a');
    const url = `${blob}/${docs}`;
    expect(links.map((a) => [a.text(), a.href, a.target])).toEqual([
      ['[article/invalid-value]', url, '_blank'],
      [docs, url, '_blank'],
      ['[article/invalid-value]', url, '_blank'],
    ]);
    // Without the repository's address, the page is named, not linked: the dev server does not serve it.
    send(JSON.stringify({ type: 'build-error', problem: { kind: 'content', diagnostics: problems.slice(0, 1) } }));
    expect(page.dialog!.all((e) => e.tagName === 'a')).toEqual([]);
    expect(page.dialog!.all((e) => e.tagName === 'li')[0]!.text()).toContain(`docs: ${docs}`);
    send(JSON.stringify({ type: 'build-error', problem: { kind: 'content', diagnostics: problems, blob } }));
    // A frame is a named region the keyboard can reach, to scroll it.
    const frames = page.dialog!.all((e) => e.tagName === 'pre');
    expect(frames.map((f) => [f.className, f.tabIndex, f.attributes['aria-label']])).toEqual([
      ['frame', 0, 'the lines around content/articles/a.md:4'],
      ['frame', 0, 'the lines around content/articles/b.md:4'],
    ]);
  });

  it('shows a crash as its first line, then the rest as a frame that never wraps', () => {
    const message = ['sitegen: Cannot read properties of undefined', '    at Hero (templates/Hero.tsx:8:3)', '    > 8 |   return <h1>{site.name.x}</h1>;'].join(
      '\n',
    );
    send(JSON.stringify({ type: 'build-error', problem: { kind: 'crash', message } }));
    const [line] = page.dialog!.all((e) => e.className === 'line');
    const frames = page.dialog!.all((e) => e.tagName === 'pre');
    expect(line!.text()).toBe('sitegen: Cannot read properties of undefined');
    // Without the terminal's indent, which a phone's width cannot spare.
    expect(frames.map((f) => [f.className, f.tabIndex, f.attributes['aria-label'], f.text()])).toEqual([
      ['frame', 0, 'where it failed', ['at Hero (templates/Hero.tsx:8:3)', '> 8 |   return <h1>{site.name.x}</h1>;'].join('\n')],
    ]);
  });

  it('never wraps a frame: its lines keep their spacing and scroll sideways at any width', () => {
    const [style] = page.dialog!.all((e) => e.tagName === 'style');
    const rules = style!.text().split('\n').filter(Boolean);
    const frame = rules.find((rule) => /^#sitegen-overlay \.frame \{/.test(rule));
    expect(frame).toMatch(/white-space: pre;/);
    expect(frame).toMatch(/overflow-x: auto;/);
    // No rule lets a frame, or any pre, wrap.
    const wrapping = rules.filter((rule) => /pre-wrap|overflow-wrap: anywhere|word-break: break/.test(rule)).map((rule) => rule.slice(0, rule.indexOf('{')));
    expect(wrapping.filter((selector) => /\bpre\b|\.frame/.test(selector))).toEqual([]);
    expect(rules.find((rule) => rule.includes('.frame:focus-visible'))).toMatch(/outline: 3px solid/);
  });
});

describe('readLiveEvent', () => {
  it('reads each event the server sends, and a problem with every field the overlay shows', async () => {
    const { readLiveEvent } = await import('../../src/client/liveEvents.ts');
    const content = {
      kind: 'content' as const,
      blob: 'https://github.com/touchline/web/blob/HEAD',
      diagnostics: [
        {
          ...diagnostic('content/site.yaml', FILE_START, 'yaml-syntax', 'invalid YAML'),
          excerpt: { line: 1, text: ['title: ['] },
          docs: 'docs/editors/rules.md#yaml-syntax',
        },
      ],
    };
    const events = [
      { type: 'build-error' as const, problem: content },
      { type: 'build-error' as const, problem: { kind: 'crash' as const, message: 'Error: no sponsor' } },
      { type: 'clear' as const },
      { type: 'reload' as const },
    ];
    expect(events.map((event) => readLiveEvent(JSON.stringify(event)))).toStrictEqual(events);
    // Only a web address becomes the base of a link.
    const script = { type: 'build-error', problem: { ...content, blob: 'javascript:alert(1)//' } };
    expect(readLiveEvent(JSON.stringify(script))).toStrictEqual({ type: 'build-error', problem: { kind: 'content', diagnostics: content.diagnostics } });
  });
});
