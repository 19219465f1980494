import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FILE_START, diagnostic } from '../../src/diagnostics.ts';

/** The page the overlay script runs in, as far as it reaches: its event source, the document and `location`. */
const page = {
  source: undefined as { onmessage: ((message: { data: unknown }) => void) | null } | undefined,
  looked: 0,
  reload: vi.fn(),
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
  vi.stubGlobal('document', { documentElement: { dataset: {} }, getElementById: () => (page.looked++, null) });
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

describe('readLiveEvent', () => {
  it('reads each event the server sends, and a problem with every field the overlay shows', async () => {
    const { readLiveEvent } = await import('../../src/client/liveEvents.ts');
    const content = {
      kind: 'content' as const,
      diagnostics: [{ ...diagnostic('content/site.yaml', FILE_START, 'yaml-syntax', 'invalid YAML'), excerpt: { line: 1, text: ['title: ['] } }],
    };
    const events = [
      { type: 'build-error' as const, problem: content },
      { type: 'build-error' as const, problem: { kind: 'crash' as const, message: 'Error: no sponsor' } },
      { type: 'clear' as const },
      { type: 'reload' as const },
    ];
    expect(events.map((event) => readLiveEvent(JSON.stringify(event)))).toStrictEqual(events);
  });
});
