import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { Island } from '../../src/islands/Island.tsx';
import { Picture, type ImageSource } from '../../src/islands/images.tsx';
import { renderPage, type RenderContext } from '../../src/render/renderPage.tsx';
import type { Site } from '../../src/schemas/site.ts';

function Widget() {
  return <button type="button">Press</button>;
}

const site: Site = {
  name: 'Site',
  url: 'https://www.site.example',
  language: 'en',
  socialImage: '/s.png',
  themeColor: '#000000',
};
const context: RenderContext = {
  site,
  base: '',
  images: () => undefined,
  data: {},
  year: 2025,
  preview: false,
  stylesheet: '/assets/site-abc.css',
  loader: '/assets/loader-abc.js',
  islandNames: new Map<unknown, string>([[Widget, 'Widget']]),
  islandUrls: new Map([['Widget', '/assets/island-Widget-abc.js']]),
  Layout: ({ children }: { children: ReactNode }) => <main>{children}</main>,
  title: (s, head) => `${head.title} (${head.route}) of ${s.name}`,
};
const job = (element: () => ReactNode) => ({
  route: '/page',
  outputPath: '',
  source: 'page.yaml',
  head: { route: '/page', title: 'Page', description: 'A page.' },
  inputs: '',
  madeBy: { template: 'page' },
  element,
});

describe('renderPage', () => {
  it('ships no JavaScript at all for a page without islands', () => {
    const { html, islands } = renderPage(
      job(() => <p>Static</p>),
      context,
    );
    expect(islands).toEqual([]);
    expect(html).not.toContain('<script');
  });

  it('adds only the loader for a page with islands, and points each island at its module', () => {
    const { html, islands } = renderPage(
      job(() => <Island of={Widget} props={{}} when="visible" />),
      context,
    );
    expect(islands).toEqual(['Widget']);
    expect(html.match(/<script[^>]*>/g)).toEqual(['<script type="module" src="/assets/loader-abc.js">']);
    expect(html).toContain('<sitegen-island data-island="Widget" data-src="/assets/island-Widget-abc.js" data-when="visible"');
  });

  it("titles the document as the site's templates make it, of the site's settings and the page's head", () => {
    const { html } = renderPage(
      job(() => <p>Static</p>),
      context,
    );
    expect(html).toContain('<title>Page (/page) of Site</title>');
  });

  it('counts islands inside pre-rendered parts (markdown bodies) too', () => {
    const { html } = renderPage({ ...job(() => <p>Body</p>), islands: ['Widget'] }, context);
    expect(html).toContain('<script type="module" src="/assets/loader-abc.js">');
  });

  it('hands back every processed image its document names, in the page, its islands, its head and its pre-rendered parts, and no other', () => {
    const photo: ImageSource = { src: '/photo.jpg', width: 1600, height: 900, hash: 'Ph0to', format: 'jpeg' };
    const card: ImageSource = { src: '/s.png', width: 2400, height: 1260, hash: 'S0cial', format: 'png' };
    const lookup = (src: string) => (src === '/s.png' ? card : src === '/photo.jpg' ? photo : undefined);
    const names = new Map<unknown, string>([
      [Widget, 'Widget'],
      [Gallery, 'Gallery'],
    ]);
    const urls = new Map([...context.islandUrls, ['Gallery', '/assets/island-Gallery-abc.js']]);
    for (const base of ['', '/previews/pr-1']) {
      const page = renderPage(
        {
          ...job(() => (
            <>
              <Picture image={photo} slot={{ widths: [400, 800], sizes: '100vw' }} alt="A photo" />
              <Island of={Gallery} props={{ image: { ...photo, hash: 'Gall3ry' } }} when="visible" />
            </>
          )),
          images: ['assets/img/B0dy-640.webp'],
        },
        { ...context, base, images: lookup, islandNames: names, islandUrls: urls },
      );
      // What the HTML names, read back from it here only to check the report.
      const named = new Set([...page.html.matchAll(/\/assets\/img\/[0-9A-Za-z]+-(?:\d+\.(?:avif|webp|jpg|png)|og\d+x\d+\.jpg)/g)].map(([url]) => url.slice(1)));
      expect(page.images).toEqual([...named, 'assets/img/B0dy-640.webp'].sort());
      expect(page.images).toContain('assets/img/S0cial-og50x50.jpg');
      expect(page.images.filter((image) => image.startsWith('assets/img/Gall3ry-')).length).toBeGreaterThan(0);
    }
  });
});

function Gallery({ image }: { image: ImageSource }) {
  return <Picture image={image} slot={{ widths: [320, 640], sizes: '50vw' }} alt="In an island" />;
}
