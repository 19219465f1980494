import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { IslandCollector, IslandContext, SLOT_TAG, type IslandUse } from '../islands/Island.tsx';

export interface IslandTargets {
  /** Component → island name (the file name in templates/islands). */
  names: ReadonlyMap<unknown, string>;
  /** Island name → URL of its browser module. */
  urls: ReadonlyMap<string, string>;
}

const SLOT = new RegExp(`<${SLOT_TAG} data-slot="(\\d+)"></${SLOT_TAG}>`, 'g');

/**
 * Renders a tree that may contain islands. Each island is rendered on its own with a unique
 * identifierPrefix (as hydrateRoot will in the browser) and its props serialized beside it.
 */
export function renderWithIslands(tree: ReactNode, targets: IslandTargets): { html: string; islands: string[] } {
  const collector = new IslandCollector();
  const outer = renderToString(<IslandContext.Provider value={collector}>{tree}</IslandContext.Provider>);
  const used = new Set<string>();
  const html = outer.replace(SLOT, (_, slot: string) => {
    const use = collector.uses[Number(slot)]!;
    const name = islandName(use, targets);
    used.add(name);
    return islandElement(name, targets.urls.get(name)!, use, `i${slot}-`);
  });
  return { html, islands: [...used].sort() };
}

function islandName(use: IslandUse, targets: IslandTargets): string {
  const name = targets.names.get(use.component);
  const label = use.component.displayName ?? use.component.name ?? 'component';
  if (!name) throw new Error(`<Island of={${label}}>: ${label} is not an island; islands are the default exports of templates/islands/*.tsx`);
  if (!targets.urls.has(name)) throw new Error(`island ${name} has no browser bundle`);
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

function islandElement(name: string, url: string, use: IslandUse, prefix: string): string {
  const Component = use.component as React.ComponentType<object>;
  const inner = renderToString(<Component {...(use.props as object)} />, { identifierPrefix: prefix });
  const attrs = { 'data-island': name, 'data-src': url, 'data-when': use.when, 'data-prefix': prefix, 'data-props': serializeProps(name, use.props) };
  const attrText = Object.entries(attrs)
    .map(([k, v]) => ` ${k}="${escapeAttribute(v)}"`)
    .join('');
  return `<${SLOT_TAG}${attrText}>${inner}</${SLOT_TAG}>`;
}

export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
