import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OutputManifest } from '../../src/pipeline/cache/outputManifest.ts';
import { lastOutput, pageSource, type KeptPage } from '../../src/pipeline/renderPhase.ts';
import type { LinkedPage } from '../../src/pipeline/renderedOutput.ts';

const kept = (key: string): KeptPage => ({ key, html: '<p>kept</p>', bytes: 11, islands: [], images: [], props: [], propsFiles: [] });
const linked: LinkedPage = { size: 120, images: ['assets/img/abc-640.webp'], props: [] };

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

describe("the last output's pages", () => {
  let dir: string;
  const out = () => path.join(dir, 'out');
  const cache = () => path.join(dir, 'cache');

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-render-phase-'));
    await mkdir(path.join(out(), 'about'), { recursive: true });
    await mkdir(path.join(out(), 'assets/props'), { recursive: true });
    await mkdir(cache());
    await writeFile(path.join(out(), 'about/index.html'), '<!DOCTYPE html><p>About</p>');
    await writeFile(path.join(out(), 'assets/props/Menu-1.json'), '{"items":[]}');
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  async function manifest(): Promise<OutputManifest> {
    const saved = await OutputManifest.load(cache(), out(), 'v1', () => undefined);
    await saved.save(
      out(),
      new Map([
        ['about/index.html', 'k1'],
        ['assets/props/Menu-1.json', 'assets/props/Menu-1.json'],
      ]),
      new Map([['about/index.html', { images: ['assets/img/abc-640.webp'], props: ['assets/props/Menu-1.json'] }]]),
    );
    return OutputManifest.load(cache(), out(), 'v1', () => undefined);
  }

  it('finds a page under the key it was written with, with the images and props files it names', async () => {
    const find = lastOutput(await manifest(), out());
    expect(find('about/index.html', 'k1')).toEqual({ size: 27, images: ['assets/img/abc-640.webp'], props: ['assets/props/Menu-1.json'] });
  });

  it('finds no page under another key, none changed since it was written, and none whose props file changed', async () => {
    const saved = await manifest();
    expect(lastOutput(saved, out())('about/index.html', 'k2')).toBeUndefined();
    await writeFile(path.join(out(), 'assets/props/Menu-1.json'), '{"items":[1]}');
    expect(lastOutput(saved, out())('about/index.html', 'k1')).toBeUndefined();
    await writeFile(path.join(out(), 'about/index.html'), '<!DOCTYPE html><p>Changed</p>');
    expect(lastOutput(saved, out())('about/index.html', 'k1')).toBeUndefined();
  });

  it('finds nothing without a manifest (a build that keeps no cache)', () => {
    expect(lastOutput(undefined, out())('about/index.html', 'k1')).toBeUndefined();
  });
});
