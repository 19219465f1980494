import { STORES, touchedBy, type BuilderStore, type Change, type Effect, type StoreName } from './betweenBuilds.ts';

/**
 * What a builder does to each store it keeps when a change drops or changes it (`STORES`). Every
 * store needs one: a store added to the table does not compile until its builder handles it (one
 * that finds a change by its keys handles it by doing nothing, and says so).
 */
export type StoreHandlers = Readonly<Record<BuilderStore, (effect: Exclude<Effect, 'kept'>) => void>>;

const ofBuilder = (name: StoreName): name is BuilderStore => STORES[name].lives === 'builder';

/** Tells each store of a builder that `change` drops or changes, as the table says. */
export function tellStores(change: Change, handlers: StoreHandlers): void {
  const { dropped, changed } = touchedBy(change, 'builder');
  for (const name of dropped.filter(ofBuilder)) handlers[name]('dropped');
  for (const name of changed.filter(ofBuilder)) handlers[name]('changed');
}
