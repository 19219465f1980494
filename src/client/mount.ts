import { createElement, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';

/** Hydrates one island in place; the prefix matches the server's, so useId agrees. */
export function mount<P extends object>(element: Element, component: ComponentType<P>, props: P, identifierPrefix: string) {
  hydrateRoot(element, createElement(component, props), { identifierPrefix });
  element.setAttribute('data-hydrated', '');
}
