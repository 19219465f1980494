import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { expect, it } from 'vitest';
import { imagesNamedIn } from '../../src/pipeline/imageWork.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

it('lists the images a page names without keeping the page alive', () => {
  // A worker keeps every page's list of images until the build ends; pages of 1 MB here, 50 KB in a build.
  const page = (i: number) => `<p>${'·'.repeat(512 * 1024)}</p><img src="/assets/img/Ab${i}Cd-800.avif"/><p>${i}</p>`;
  gc();
  const before = process.memoryUsage().heapUsed;
  const lists: string[][] = [];
  for (let i = 0; i < 100; i++) lists.push(imagesNamedIn(page(i)));
  gc();
  const kept = process.memoryUsage().heapUsed - before;
  expect(lists[7]).toEqual(['assets/img/Ab7Cd-800.avif']);
  // The pages were 100 MB; the lists are a few kilobytes.
  expect(kept).toBeLessThan(5 * 1024 * 1024);
});
