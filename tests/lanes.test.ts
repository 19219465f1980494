import path from 'node:path';
import { globSync } from 'tinyglobby';
import { describe, expect, it } from 'vitest';
import { LANES, type Lane } from '../vitest.config.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const filesOf = (lane: Lane): Set<string> => {
  const { files, exclude } = LANES[lane];
  return new Set(globSync(files, { cwd: ROOT, ignore: exclude ?? [] }));
};

describe('the test lanes', () => {
  it('hold every test file exactly once', () => {
    const lanes = Object.keys(LANES) as Lane[];
    const held = new Map(lanes.map((lane) => [lane, filesOf(lane)]));
    const misplaced = globSync('tests/**/*.test.{ts,tsx}', { cwd: ROOT })
      .sort()
      .flatMap((file) => {
        const holders = lanes.filter((lane) => held.get(lane)!.has(file));
        return holders.length === 1 ? [] : [`${file}: ${holders.length ? `in ${holders.join(' and ')}` : 'in no lane (vitest.config.ts)'}`];
      });
    expect(misplaced).toEqual([]);
  });

  it('name only files that exist', () => {
    const empty = (Object.keys(LANES) as Lane[]).flatMap((lane) =>
      LANES[lane].files.filter((pattern) => globSync(pattern, { cwd: ROOT }).length === 0).map((pattern) => `${lane}: ${pattern}`),
    );
    expect(empty).toEqual([]);
  });

  it('start first only files of their own lane', () => {
    const strays = (Object.keys(LANES) as Lane[]).flatMap((lane) =>
      (LANES[lane].first ?? []).filter((file) => !filesOf(lane).has(file)).map((file) => `${lane}: ${file}`),
    );
    expect(strays).toEqual([]);
  });
});

describe('the unit lane', () => {
  it('refuses a build, a child process and a browser, naming where the file belongs', async () => {
    const { execFile } = await import('node:child_process');
    const { launchBrowser } = await import('./helpers/browser.ts');
    expect(() => execFile('true')).toThrow('the unit lane starts no child process: move this test file to another lane in vitest.config.ts');
    await expect(launchBrowser()).rejects.toThrow('the unit lane starts no browser');
    const { runCli, fixtureCopy } = await import('./helpers/fixture.ts');
    const fixture = await fixtureCopy();
    const built = await runCli('build', '--content', fixture.content, '--out', fixture.out);
    expect([built.code, built.stderr]).toEqual([1, expect.stringContaining('the unit lane starts no build of a site')]);
    await fixture.remove();
  });
});
