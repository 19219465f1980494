import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { contentHash } from '../hash.ts';
import { PROPS_DIR } from '../hosting/policy.ts';
import { SiteBase } from '../islands/base.ts';
import { ImageUses } from '../islands/images.tsx';
import { IslandCollector, IslandContext, SLOT_TAG, type IslandUse, type PropsFile } from '../islands/Island.tsx';
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
 * islands will in the browser. A shared island's props go into a file of their own (`propsFiles`).
 */
export function renderWithIslands(
  tree: ReactNode,
  names: IslandNames,
  base: string,
  prefix = 'i',
): { html: string; islands: string[]; propsFiles: PropsFile[]; images: string[] } {
  const collector = new IslandCollector();
  const images = new Set<string>();
  const outer = renderToString(
    <SiteBase value={base}>
      <ImageUses value={images}>
        <IslandContext.Provider value={collector}>{tree}</IslandContext.Provider>
      </ImageUses>
    </SiteBase>,
  );
  const used = new Set<string>();
  const propsFiles = new Map<string, string>();
  const html = outer.replace(SLOT, (_, slot: string) => {
    const use = collector.uses[Number(slot)]!;
    const name = islandName(use, names);
    used.add(name);
    const island = islandElement(name, use, `${prefix}${slot}-`, base);
    if (island.propsFile) propsFiles.set(...island.propsFile);
    for (const image of island.images) images.add(image);
    return island.html;
  });
  return { html, islands: [...used].sort(), propsFiles: [...propsFiles], images: [...images].sort() };
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

/**
 * Objects already found to be JSON data. The same objects come back on every page (the site
 * settings' menus), and content is not changed while pages render, so each is walked once.
 */
const jsonData = new WeakSet<object>();

/** Serializes island props as JSON and refuses what JSON cannot carry (functions, class instances). */
export function serializeProps(name: string, props: unknown): string {
  const check = (value: unknown, at: string): void => {
    if (typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint')
      throw new Error(`island ${name}: prop ${at} is a ${typeof value}; island props must be JSON data`);
    if (value && typeof value === 'object' && !jsonData.has(value)) {
      const proto = Object.getPrototypeOf(value);
      if (!Array.isArray(value) && proto !== Object.prototype && proto !== null)
        throw new Error(`island ${name}: prop ${at} is a ${proto?.constructor?.name ?? 'object'}; island props must be JSON data`);
      for (const [k, v] of Object.entries(value)) check(v, `${at}.${k}`);
      jsonData.add(value);
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
const renderedIslands = new Map<string, RenderedIsland>();
const RENDERED_ISLANDS_MAX = 256;

/** An island's markup, the props file of its shared props, and the processed images it names. */
interface RenderedIsland {
  html: string;
  propsFile?: PropsFile;
  images: string[];
}

function islandElement(name: string, use: IslandUse, prefix: string, base: string): RenderedIsland {
  const props = serializeProps(name, use.props);
  const key = `${name}\0${use.when}\0${JSON.stringify(use.shared)}\0${prefix}\0${base}\0${props}`;
  const known = renderedIslands.get(key);
  if (known !== undefined) return known;
  const Component = use.component as React.ComponentType<object>;
  const images = new Set<string>();
  const inner = renderToString(
    <SiteBase value={base}>
      <ImageUses value={images}>
        <Component {...(use.props as object)} />
      </ImageUses>
    </SiteBase>,
    { identifierPrefix: prefix },
  );
  const { inline, propsFile } = splitProps(name, use, props);
  const attrs = {
    'data-island': name,
    'data-when': use.when,
    'data-prefix': prefix,
    ...(propsFile && { 'data-props-src': siteUrl(base, `/${propsFile[0]}`) }),
    ...(inline !== undefined && { 'data-props': inline }),
  };
  const attrText = Object.entries(attrs)
    .map(([k, v]) => ` ${k}="${escapeAttribute(v)}"`)
    .join('');
  const island = { html: `<${SLOT_TAG}${attrText}>${inner}</${SLOT_TAG}>`, propsFile, images: [...images] };
  if (renderedIslands.size >= RENDERED_ISLANDS_MAX) renderedIslands.clear();
  renderedIslands.set(key, island);
  return island;
}

/**
 * The props written into the island's markup, and the file of its shared ones (named by their
 * content, so every page with the same menus names the same file). Nothing left to write inline
 * is left out: the browser reads no `data-props` as none.
 */
function splitProps(name: string, use: IslandUse, json: string): { inline?: string; propsFile?: PropsFile } {
  if (!use.shared.length) return { inline: json };
  const props = (use.props ?? {}) as Record<string, unknown>;
  const own = Object.entries(props).filter(([key, value]) => !use.shared.includes(key) && value !== undefined);
  const shared = JSON.stringify(Object.fromEntries(use.shared.filter((key) => key in props).map((key) => [key, props[key]])));
  return {
    inline: own.length ? JSON.stringify(Object.fromEntries(own)) : undefined,
    propsFile: [`${PROPS_DIR}/${name}-${contentHash(shared, 12)}.json`, shared],
  };
}

export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
