import { createElement, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { SiteBase } from '../islands/base.ts';

/**
 * Renders its children unchanged (hydration sees the server's tree) and reports once the island
 * has settled: hydrated, its effects run, and the render those effects asked for committed (an
 * island that swaps its no-JavaScript fallback for a control does so in that render).
 */
function Settled({ children, onSettled }: { children?: ReactNode; onSettled: () => void }) {
  const [effectsRan, setEffectsRan] = useState(false);
  useEffect(() => setEffectsRan(true), []);
  useEffect(() => {
    if (effectsRan) onSettled();
  }, [effectsRan, onSettled]);
  return children;
}

/**
 * Hydrates one island in place (the prefix matches the server's, so useId agrees, and so does the
 * base its URLs are under); resolves once it has settled.
 */
export function mount<P extends object>(element: Element, component: ComponentType<P>, props: P, identifierPrefix: string, base: string): Promise<void> {
  return new Promise((resolve) => {
    const onSettled = () => {
      element.setAttribute('data-hydrated', '');
      resolve();
    };
    hydrateRoot(element, createElement(SiteBase, { value: base }, createElement(Settled, { onSettled }, createElement(component, props))), {
      identifierPrefix,
    });
  });
}
