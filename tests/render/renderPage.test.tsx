import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { Island } from '../../src/islands/Island.tsx';
import { renderPage, type RenderContext } from '../../src/render/renderPage.tsx';
import type { Site } from '../../src/schemas/site.ts';

function Widget() {
  return <button type="button">Press</button>;
}

const site = {
  name: 'Site',
  legalName: 'Site Inc.',
  tagline: 'Tag.',
  url: 'https://www.site.example',
  language: 'en',
  socialImage: '/s.png',
  themeColor: '#000000',
} as Site;
const context: RenderContext = {
  site,
  base: '',
  images: () => undefined,
  data: {},
  year: 2025,
  stylesheet: '/assets/site-abc.css',
  loader: '/assets/loader-abc.js',
  islandNames: new Map<unknown, string>([[Widget, 'Widget']]),
  islandUrls: new Map([['Widget', '/assets/island-Widget-abc.js']]),
  Layout: ({ children }: { children: ReactNode }) => <main>{children}</main>,
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

  it('counts islands inside pre-rendered parts (markdown bodies) too', () => {
    const { html } = renderPage({ ...job(() => <p>Body</p>), islands: ['Widget'] }, context);
    expect(html).toContain('<script type="module" src="/assets/loader-abc.js">');
  });
});
