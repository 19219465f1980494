import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { resolvePaths } from '../../src/config.ts';
import { watchSite, type Watcher } from '../../src/watch/watch.ts';
import { fixtureCopy } from '../helpers/fixture.ts';

let fx: Awaited<ReturnType<typeof fixtureCopy>> | undefined;
let watcher: Watcher | undefined;
afterAll(async () => {
  await watcher?.close();
  await fx?.remove();
});

/** What `route` answers once it answers `status` (or after 20 s): the status and Location. */
async function answer(port: number, route: string, status: number): Promise<[number, string | null]> {
  let last: [number, string | null] = [0, null];
  for (let i = 0; i < 400; i++) {
    const response = await fetch(`http://127.0.0.1:${port}${route}`, { redirect: 'manual' }).catch(() => undefined);
    if (response) last = [response.status, response.headers.get('location')];
    if (last[0] === status) break;
    await sleep(50);
  }
  return last;
}

describe('watch and content/redirects.yaml', () => {
  it('serves a redirect saved while it runs, and its status as soon as it is edited', async () => {
    fx = await fixtureCopy();
    watcher = await watchSite(resolvePaths({ content: fx.content, out: fx.out }), { port: 0, fixed: true }, { log: () => undefined });
    expect((await answer(watcher.port, '/blog', 404))[0]).toBe(404);
    await fx.write('redirects.yaml', 'redirects:\n  - from: /blog\n    to: /news-insights\n');
    expect(await answer(watcher.port, '/blog', 302)).toEqual([302, '/news-insights']);
    await fx.write('redirects.yaml', 'redirects:\n  - from: /blog\n    to: /news-insights\n    permanent: true\n');
    expect(await answer(watcher.port, '/blog', 301)).toEqual([301, '/news-insights']);
  }, 60_000);
});
