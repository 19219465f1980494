import { describe, expect, it } from 'vitest';
import type { ImageCache } from '../../src/pipeline/cache/imageCache.ts';
import { ImageWork } from '../../src/pipeline/imageWork.ts';

/** A cache that holds every image asked for, answering when `answer` is called. */
function slowCache() {
  const waiting: (() => void)[] = [];
  const cache = {
    get: (name: string) => new Promise<Uint8Array>((resolve) => waiting.push(() => resolve(new TextEncoder().encode(name)))),
    set: async () => undefined,
  } as unknown as ImageCache;
  // What was asked for by now is answered, then what that answer sets off has run.
  const answer = async () => {
    await settled();
    waiting.splice(0).forEach((resolve) => resolve());
    await settled();
  };
  return { cache, answer };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the image work of a build', () => {
  it('hands each image made while the pages render to where it goes, and none made after', async () => {
    const { cache, answer } = slowCache();
    const work = new ImageWork(cache);
    work.begin(new Map());
    const placed: string[] = [];
    const placing = work.placeWhileRendering((name) => placed.push(name));
    work.want(['assets/images/abc123-640.avif', 'assets/images/abc123-640.webp']);
    await answer();
    expect(placed.sort()).toEqual(['assets/images/abc123-640.avif', 'assets/images/abc123-640.webp']);
    placing.stop();
    work.want(['assets/images/def456-320.jpg']);
    await answer();
    expect(placed).toHaveLength(2);
    // Every image is still answered at the end, those placed and those not.
    const { files } = await work.finish(['assets/images/abc123-640.avif', 'assets/images/abc123-640.webp', 'assets/images/def456-320.jpg']);
    expect([...files.keys()].sort()).toEqual(['assets/images/abc123-640.avif', 'assets/images/abc123-640.webp', 'assets/images/def456-320.jpg']);
  });
});
