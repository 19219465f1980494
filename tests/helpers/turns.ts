/**
 * Runs `check` on each item, `lanes` at a time, and returns the results in the items' order. Each
 * check is told its lane (0 to `lanes` - 1), which no other check uses meanwhile: a browser page's
 * waits overlap another's, and a lane's project copy builds beside another lane's.
 */
export async function inTurns<T, R>(items: readonly T[], lanes: number, check: (item: T, lane: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async (index: number) => {
    for (let i = next++; i < items.length; i = next++) results[i] = await check(items[i]!, index);
  };
  await Promise.all(Array.from({ length: Math.min(lanes, items.length) }, (_, index) => lane(index)));
  return results;
}
