import { createContext, useContext, type ComponentType } from 'react';

/** When the browser hydrates an island: at once, when idle, when scrolled into view, or on first pointer/focus. */
export type HydrateWhen = 'load' | 'idle' | 'visible' | 'interaction';

export interface IslandUse {
  component: ComponentType<never>;
  props: unknown;
  when: HydrateWhen;
  shared: readonly string[];
}

/** Collects the islands of one page render; each gets a numbered slot filled in after rendering. */
export class IslandCollector {
  readonly uses: IslandUse[] = [];
  add(use: IslandUse): number {
    return this.uses.push(use) - 1;
  }
}

export const IslandContext = createContext<IslandCollector | null>(null);

export const SLOT_TAG = 'sitegen-island';

/** A file of shared island props: its path in the output and its JSON. */
export type PropsFile = [path: string, json: string];

export interface IslandProps<P> {
  of: ComponentType<P>;
  props: P;
  when?: HydrateWhen;
  /**
   * The props that are the same on many pages (the header's menus): they go into one JSON file,
   * named by its content, that the browser fetches when the island hydrates and then has cached
   * for every other page, instead of into every page's markup. The others stay in the markup.
   */
  shared?: readonly (keyof P & string)[];
}

/**
 * Marks a component as interactive. On the server it leaves a slot that the renderer fills
 * with the component's own HTML and serialized props; in the browser (an island inside an
 * island) it simply renders the component.
 */
export function Island<P extends object>({ of: Component, props, when = 'idle', shared = [] }: IslandProps<P>) {
  const collector = useContext(IslandContext);
  if (!collector) return <Component {...props} />;
  const slot = collector.add({ component: Component as ComponentType<never>, props, when, shared });
  return <sitegen-island data-slot={slot} />;
}

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'sitegen-island': { 'data-slot': number };
    }
  }
}
