import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WATCH_BEGINS, WATCH_ENDS, watchCheck } from '../../src/cli/checkCommand.ts';
import { resolvePaths } from '../../src/config.ts';
import { fixtureCopy } from '../helpers/fixture.ts';

let fx: Awaited<ReturnType<typeof fixtureCopy>>;
beforeAll(async () => {
  fx = await fixtureCopy();
});
afterAll(() => fx?.remove());

describe('sitegen check --watch', () => {
  it('checks again after each save, each run between the lines a background problem matcher waits for', async () => {
    let output = '';
    const capture = (chunk: string | Uint8Array) => ((output += String(chunk)), true);
    vi.spyOn(process.stderr, 'write').mockImplementation(capture);
    vi.spyOn(process.stdout, 'write').mockImplementation(capture);
    const runs = () => output.split(`${WATCH_ENDS}\n`).length - 1;
    /** Waits (up to 20 s) for the run that ends the count-th. */
    const ended = async (count: number) => {
      for (let waited = 0; runs() < count && waited < 20_000; waited += 50) await sleep(50);
      return output.split(`${WATCH_ENDS}\n`)[count - 1]!;
    };
    const watching = await watchCheck(resolvePaths({ content: fx.content }), { format: 'text' });
    try {
      expect(await ended(1)).toMatch(new RegExp(`^${WATCH_BEGINS}\\ncontent is valid \\(\\d+ ms\\)\\n$`));

      await fx.edit('articles/second-look.md', (text) => text.replace('category: Strategy', 'category: Stratgy'));
      const broken = await ended(2);
      expect(broken.startsWith(`${WATCH_BEGINS}\n`)).toBe(true);
      expect(broken).toContain('second-look.md:6:11  category: "Stratgy" is not allowed');
      expect(broken).toMatch(/1 error in 1 file\n$/);

      await fx.edit('articles/second-look.md', (text) => text.replace('category: Stratgy', 'category: Strategy'));
      expect(await ended(3)).toMatch(/content is valid \(\d+ ms\)\n$/);
    } finally {
      await watching.close();
      vi.restoreAllMocks();
    }
  });
});
