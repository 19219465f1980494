import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sha256 } from '../../src/hash.ts';
import { FolderSink, MemorySink, sinkPage } from '../../src/pipeline/pageSink.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-page-sink-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const html = '<!DOCTYPE html><title>Café</title>';
const doc = { html, islands: ['NavMenus'], images: [], propsFiles: [['assets/props/menus-1.json', '{}']] as [string, string][] };

describe('a page sink', () => {
  it('writes a page into its folder, and answers the size and hash of the bytes written', async () => {
    const sink = new FolderSink(dir);
    sink.prepare(['articles/cafe/index.html']);
    const bytes = sink.put('articles/cafe/index.html', html);
    const written = await readFile(path.join(dir, 'articles/cafe/index.html'));
    expect(written.toString('utf8')).toBe(html);
    expect(bytes).toEqual({ bytes: written.byteLength, sha256: sha256(written) });
    expect(sink.held().size).toBe(0);
  });

  it('keeps a page in memory for the write, answering the same size and hash as a folder would', () => {
    const sink = new MemorySink();
    const bytes = sink.put('index.html', html);
    expect(bytes).toEqual(new FolderSink(dir).put('index.html', html));
    expect([...sink.held()]).toEqual([['index.html', html]]);
  });

  it('puts a page from a file holding its bytes, in a folder and in memory alike', async () => {
    const blob = path.join(dir, 'blob');
    await writeFile(blob, html);
    await mkdir(path.join(dir, 'version'));
    const folder = new FolderSink(path.join(dir, 'version'));
    folder.prepare(['about/index.html']);
    folder.copy('about/index.html', blob);
    expect(await readFile(path.join(dir, 'version/about/index.html'), 'utf8')).toBe(html);
    const memory = new MemorySink();
    memory.copy('about/index.html', blob);
    expect(memory.held().get('about/index.html')).toBe(html);
  });

  it('makes what holds the pages of all threads first, then the folders of the pages each thread prepares', async () => {
    const sink = new FolderSink(dir);
    const pages = ['news-insights/page/2/index.html', 'news-insights/index.html', 'articles/cafe/index.html'];
    sink.prepareParents(pages);
    expect(existsSync(path.join(dir, 'news-insights/page'))).toBe(true);
    expect(existsSync(path.join(dir, 'articles'))).toBe(true);
    expect(existsSync(path.join(dir, 'news-insights/page/2'))).toBe(false);
    expect(existsSync(path.join(dir, 'articles/cafe'))).toBe(false);
    // Another thread's sink on the same folder prepares its own pages, in parents that are there.
    new FolderSink(dir).prepare(['articles/cafe/index.html']);
    sink.prepare(pages.slice(0, 2));
    for (const page of pages) sink.put(page, html);
    for (const page of pages) expect(await readFile(path.join(dir, page), 'utf8')).toBe(html);
  });

  it("puts the build's other files into a folder at once and says so; memory leaves them to the write", async () => {
    const files = [
      ['assets/blog/words/a.json', '["a"]'],
      ['assets/site.css', new Uint8Array([98, 111, 100, 121])],
    ] as const;
    expect(new FolderSink(dir).putFiles(files)).toEqual(['assets/blog/words/a.json', 'assets/site.css']);
    expect(await readFile(path.join(dir, 'assets/blog/words/a.json'), 'utf8')).toBe('["a"]');
    expect(await readFile(path.join(dir, 'assets/site.css'), 'utf8')).toBe('body');
    expect(new MemorySink().putFiles()).toEqual([]);
  });

  it('answers a rendered page as rendering does: its bytes from the sink, the files it names from the document', () => {
    const page = sinkPage(new MemorySink(), { route: '/', outputPath: 'index.html' }, doc, 0);
    expect(page).toMatchObject({
      route: '/',
      outputPath: 'index.html',
      islands: ['NavMenus'],
      props: ['assets/props/menus-1.json'],
      propsFiles: doc.propsFiles,
    });
    expect(page.sha256).toBe(sha256(Buffer.from(html)));
  });
});
