import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { SiteBase } from '../islands/base.ts';
import { IslandCollector, IslandContext, SLOT_TAG, type IslandUse } from '../islands/Island.tsx';
import { siteUrl } from '../routes/urls.ts';

/** Component → island name (the file name in templates/islands). */
export type IslandNames = ReadonlyMap<unknown, string>;

const SLOT = new RegExp(`<${SLOT_TAG} data-slot="(\\d+)"></${SLOT_TAG}>`, 'g');
const ISLAND_OPEN = new RegExp(`<${SLOT_TAG} data-island="([A-Za-z0-9]+)"`, 'g');

/**
 * Renders a tree that may contain islands. Each island is rendered on its own with a unique
 * identifierPrefix (as hydrateRoot will in the browser) and its props serialized beside it.
 * `prefix` keeps prefixes unique when a page is assembled from separately rendered parts.
 * `base` is the path the site is published under: the tree and each island see it, as the
 * islands will in the browser.
 */
export function renderWithIslands(tree: ReactNode, names: IslandNames, base: string, prefix = 'i'): { html: string; islands: string[] } {
  const collector = new IslandCollector();
  const outer = renderToString(
    <SiteBase value={base}>
      <IslandContext.Provider value={collector}>{tree}</IslandContext.Provider>
    </SiteBase>,
  );
  const used = new Set<string>();
  const html = outer.replace(SLOT, (_, slot: string) => {
    const use = collector.uses[Number(slot)]!;
    const name = islandName(use, names);
    used.add(name);
    return islandElement(name, use, `${prefix}${slot}-`, base);
  });
  return { html, islands: [...used].sort() };
}

/** Points every island at its browser module (a path of the site, under `base`), once the bundle's content-hashed URLs are known. */
export function linkIslands(html: string, urls: ReadonlyMap<string, string>, base: string): string {
  return html.replace(ISLAND_OPEN, (open, name: string) => {
    const url = urls.get(name);
    if (!url) throw new Error(`island ${name} has no browser bundle`);
    return `${open} data-src="${escapeAttribute(siteUrl(base, url))}"`;
  });
}

function islandName(use: IslandUse, names: IslandNames): string {
  const name = names.get(use.component);
  const label = use.component.displayName ?? use.component.name ?? 'component';
  if (!name) throw new Error(`<Island of={${label}}>: ${label} is not an island; islands are the default exports of templates/islands/*.tsx`);
  return name;
}

/** Serializes island props as JSON and refuses what JSON cannot carry (functions, class instances). */
export function serializeProps(name: string, props: unknown): string {
  const check = (value: unknown, at: string): void => {
    if (typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint') throw new Error(`island ${name}: prop ${at} is a ${typeof value}; island props must be JSON data`);
    if (value && typeof value === 'object') {
      const proto = Object.getPrototypeOf(value);
      if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) throw new Error(`island ${name}: prop ${at} is a ${proto?.constructor?.name ?? 'object'}; island props must be JSON data`);
      for (const [k, v] of Object.entries(value)) check(v, `${at}.${k}`);
    }
  };
  check(props, 'props');
  return JSON.stringify(props ?? {});
}

/**
 * An island's HTML depends only on its component, props and prefix, so the islands every page
 * shares (the header's menus) are rendered once per process. Bounded: pages with islands of
 * their own (videos, carousels) must not make it grow without end.
 */
const renderedIslands = new Map<string, string>();
const RENDERED_ISLANDS_MAX = 256;

function islandElement(name: string, use: IslandUse, prefix: string, base: string): string {
  const props = serializeProps(name, use.props);
  const key = `${name}\0${use.when}\0${prefix}\0${base}\0${props}`;
  const known = renderedIslands.get(key);
  if (known !== undefined) return known;
  const Component = use.component as React.ComponentType<object>;
  const inner = renderToString(
    <SiteBase value={base}>
      <Component {...(use.props as object)} />
    </SiteBase>,
    { identifierPrefix: prefix },
  );
  const attrs = { 'data-island': name, 'data-when': use.when, 'data-prefix': prefix, 'data-props': props };
  const attrText = Object.entries(attrs)
    .map(([k, v]) => ` ${k}="${escapeAttribute(v)}"`)
    .join('');
  const html = `<${SLOT_TAG}${attrText}>${inner}</${SLOT_TAG}>`;
  if (renderedIslands.size >= RENDERED_ISLANDS_MAX) renderedIslands.clear();
  renderedIslands.set(key, html);
  return html;
}

export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
