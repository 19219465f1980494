import { describe, expect, it, vi } from 'vitest';
import type { LinkedPage } from '../../src/pipeline/cache/pageIndex.ts';
import { pageSource, type KeptPage } from '../../src/pipeline/pageStore.ts';

const kept = (key: string): KeptPage => ({ key, html: '<p>kept</p>', bytes: 11, sha256: 'a'.repeat(64), islands: [], images: [], props: [], propsFiles: [] });
const linked: LinkedPage = { bytes: 120, sha256: 'b'.repeat(64), islands: [], images: ['assets/img/abc-640.webp'], props: [] };

describe('where a page comes from', () => {
  it('is memory when the page kept there has its key, without looking at the last output', () => {
    const inLastOutput = vi.fn(() => linked);
    const page = kept('k1');
    expect(pageSource('k1', page, inLastOutput)).toEqual({ from: 'memory', page });
    expect(inLastOutput).not.toHaveBeenCalled();
  });

  it('is the last output when memory holds the page under another key, or not at all', () => {
    const inLastOutput = vi.fn((key: string) => (key === 'k2' ? linked : undefined));
    expect(pageSource('k2', kept('k1'), inLastOutput)).toEqual({ from: 'output', page: linked });
    expect(pageSource('k2', undefined, inLastOutput)).toEqual({ from: 'output', page: linked });
  });

  it('is a render when neither memory nor the last output has the page under its key', () => {
    expect(pageSource('k3', kept('k1'), () => undefined)).toEqual({ from: 'render' });
    expect(pageSource('k3', undefined, () => undefined)).toEqual({ from: 'render' });
  });
});
