import { describe, expect, it } from 'vitest';
import { CHANGES, STORES, type BuilderStore, type StoreName } from '../../src/pipeline/betweenBuilds.ts';
import { tellStores, type StoreHandlers } from '../../src/pipeline/storeHandlers.ts';

const BUILDER_STORES = (Object.keys(STORES) as StoreName[]).filter((name): name is BuilderStore => STORES[name].lives === 'builder');

/** Handlers that note each store told, and how. */
function noting(): { handlers: StoreHandlers; told: string[] } {
  const told: string[] = [];
  const handlers = Object.fromEntries(BUILDER_STORES.map((name) => [name, (effect: string) => void told.push(`${name}: ${effect}`)]));
  return { handlers: handlers as Record<BuilderStore, (effect: string) => void>, told };
}

describe("a builder's stores told of a change", () => {
  for (const change of CHANGES) {
    it(`are, on a ${change} change, each store of the builder that the table says it drops or changes, and no other`, () => {
      const { handlers, told } = noting();
      tellStores(change, handlers);
      const expected = BUILDER_STORES.filter((name) => STORES[name].on[change] !== 'kept').map((name) => `${name}: ${STORES[name].on[change]}`);
      expect(told.sort()).toEqual(expected.sort());
    });
  }

  it('need a handler for every store a builder keeps: a table without one does not compile, and fails when told', () => {
    const { 'last version': left, ...others } = noting().handlers;
    expect(left).toBeTypeOf('function');
    // @ts-expect-error a store without its handler
    const incomplete: StoreHandlers = others;
    expect(() => tellStores('public', incomplete)).toThrow(TypeError);
  });
});
