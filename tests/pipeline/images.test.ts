import { cp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolvePaths, type Paths } from '../../src/config.ts';
import { ContentError } from '../../src/diagnostics.ts';
import { Builder } from '../../src/pipeline/builder.ts';
import { fixtureCopy } from '../helpers/fixture.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** Words the test photo's EXIF carries: none may reach the output. */
const SECRET = 'Taken-at-the-training-ground';

let fx: Awaited<ReturnType<typeof fixtureCopy>>;
let paths: Paths;

/** A phone photo: 800 × 600 pixels stored sideways (orientation 6: shown 600 × 800), with GPS and a comment in its EXIF. */
async function phonePhoto(): Promise<Buffer> {
  // Red on the stored left half: once turned a quarter clockwise it is the top half.
  const left = await sharp({ create: { width: 400, height: 600, channels: 3, background: '#d00000' } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 800, height: 600, channels: 3, background: '#0000d0' } })
    .composite([{ input: left, left: 0, top: 0 }])
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { ImageDescription: SECRET, Copyright: SECRET },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 7/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

beforeEach(async () => {
  fx = await fixtureCopy();
  paths = { ...resolvePaths({ content: fx.content, out: fx.out }), public: path.join(fx.dir, 'public'), cache: path.join(fx.dir, 'cache') };
  await cp(path.join(ROOT, 'public'), paths.public, { recursive: true });
  await mkdir(path.join(paths.public, 'photos'));
  await writeFile(path.join(paths.public, 'photos/pitch.jpg'), await phonePhoto());
  await writeFile(
    path.join(paths.public, 'photos/small.png'),
    await sharp({ create: { width: 300, height: 150, channels: 4, background: '#12805c' } })
      .png()
      .toBuffer(),
  );
  await fx.edit('articles/first-steps.md', (t) =>
    t
      .replace('thumbnail: /images/articles/value-banks.svg', 'thumbnail: /photos/pitch.jpg')
      .replace('A clean inventory is the base', '![A small green chart](/photos/small.png)\n\nA clean inventory is the base'),
  );
});
afterEach(() => fx.remove());

const build = () => new Builder(paths, { persistent: true }).build();
const page = (route: string) => readFile(path.join(fx.out, route, 'index.html'), 'utf8');
const outputImages = async () => (await readdir(path.join(fx.out, 'assets/img'))).map((f) => path.join(fx.out, 'assets/img', f));
const pictureOf = (html: string, alt: string) => new RegExp(`<picture>(?:(?!</picture>).)*alt="${alt}"(?:(?!</picture>).)*</picture>`).exec(html)?.[0] ?? '';
const candidates = (srcset: string) => srcset.split(', ').map((c) => ({ url: c.split(' ')[0]!, width: Number(c.split(' ')[1]!.slice(0, -1)) }));

describe('the image pipeline', () => {
  it('publishes no metadata of a source: no EXIF, GPS or comment in any output file, and not the source itself', async () => {
    await build();
    const files = (await readdir(fx.out, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
    expect(files.some((f) => f.endsWith('pitch.jpg'))).toBe(false);
    for (const file of files) expect((await readFile(file)).includes(SECRET), file).toBe(false);
    for (const file of await outputImages()) {
      const meta = await sharp(file).metadata();
      expect([meta.exif, meta.xmp, meta.iptc, meta.comments], file).toEqual([undefined, undefined, undefined, undefined]);
    }
  });

  it('applies the EXIF orientation: the picture is 600 × 800 and what was stored on the left is on top', async () => {
    await build();
    const html = await page('articles/first-steps');
    const cover = pictureOf(html, 'A value bank gauge beside a ledger');
    expect(cover).toMatch(/<img [^>]*width="600" height="800"/);
    const jpeg = /<img src="([^"]+)"/.exec(cover)![1]!;
    const { data, info } = await sharp(path.join(fx.out, jpeg)).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => data[(y * info.width + x) * info.channels]!;
    expect([info.width / info.height]).toEqual([0.75]);
    expect(at(info.width / 2, 10)).toBeGreaterThan(180);
    expect(at(info.width / 2, info.height - 10)).toBeLessThan(60);
  });

  it('offers every slot width the source has pixels for, each a file of that width, and never enlarges', async () => {
    await build();
    const html = await page('articles/first-steps');
    for (const [alt, own] of [
      ['A value bank gauge beside a ledger', 600],
      ['A small green chart', 300],
    ] as const) {
      const picture = pictureOf(html, alt);
      const sets = [...picture.matchAll(/srcSet="([^"]+)"/gi)].map((m) => m[1]!);
      expect(sets.map((s) => /\.(\w+) \d+w/.exec(s)![1])).toEqual(['avif', 'webp', alt.includes('chart') ? 'png' : 'jpg']);
      for (const set of sets) {
        const list = candidates(set);
        expect(Math.max(...list.map((c) => c.width))).toBe(own);
        for (const { url, width } of list) expect((await sharp(path.join(fx.out, url)).metadata()).width).toBe(width);
      }
    }
    expect(pictureOf(html, 'A small green chart')).toMatch(/width="300" height="150"/);
  });

  it('loads the page’s largest image first and the others lazily', async () => {
    await build();
    const html = await page('articles/first-steps');
    const cover = /<img [^>]*alt="A value bank gauge beside a ledger"[^>]*>/.exec(html)![0];
    expect(cover).toContain('fetchPriority="high"');
    expect(cover).not.toContain('loading=');
    expect(/<img [^>]*alt="A small green chart"[^>]*>/.exec(html)![0]).toMatch(/loading="lazy" decoding="async"/);
  });

  it('gives the article a 1200 × 630 social card cut from its thumbnail', async () => {
    await build();
    const card = /<meta property="og:image" content="https:\/\/[^/]+(\/assets\/img\/[^"]+)"/.exec(await page('articles/first-steps'))![1]!;
    expect(await sharp(path.join(fx.out, card)).metadata()).toMatchObject({ width: 1200, height: 630, format: 'jpeg' });
  });

  it('makes nothing again on the second build, and only the changed image after an edit', async () => {
    expect((await build()).images.processed).toBeGreaterThan(0);
    const again = await build();
    expect(again.images).toEqual({ processed: 0, cached: expect.any(Number) });
    await writeFile(
      path.join(paths.public, 'photos/small.png'),
      await sharp({ create: { width: 300, height: 150, channels: 4, background: '#805c12' } })
        .png()
        .toBuffer(),
    );
    const after = await build();
    // The PNG at one width in three formats; the photo comes from the cache.
    expect(after.images.processed).toBe(3);
  });

  it('reports an image it cannot decode and one too large at the lines naming them', async () => {
    const photo = await phonePhoto();
    await writeFile(path.join(paths.public, 'photos/pitch.jpg'), photo.subarray(0, photo.length / 2));
    const huge = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="8000" height="8000"><rect width="8000" height="8000" fill="#fff"/></svg>`);
    await writeFile(
      path.join(paths.public, 'photos/small.png'),
      await sharp(huge, { limitInputPixels: false }).resize(8000, 7000).png({ compressionLevel: 1 }).toBuffer(),
    );
    const problems = async () => {
      const error = await build().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ContentError);
      return (error as ContentError).diagnostics.map((d) => `${path.relative(fx.content, d.file)}:${d.line} ${d.rule}`);
    };
    expect(await problems()).toEqual(['articles/first-steps.md:13 image/too-large']);
    await writeFile(
      path.join(paths.public, 'photos/small.png'),
      await sharp({ create: { width: 30, height: 15, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
    );
    expect(await problems()).toEqual(['articles/first-steps.md:7 image/undecodable']);
  });

  it('refuses an SVG with a script or a reference to another host, at its place in the SVG', async () => {
    for (const [svg, reason, culprit] of [
      ['<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>', 'it holds a <script>', '<script>'],
      [
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10"><image xlink:href="https://tracker.example/p.png" width="10" height="10"/></svg>',
        'refers to another file or host',
        'xlink:href',
      ],
    ]) {
      await writeFile(path.join(paths.public, 'photos/chart.svg'), svg!);
      await fx.edit('articles/first-steps.md', (t) => t.replace('/photos/small.png', '/photos/chart.svg'));
      const error = (await build().catch((e: unknown) => e)) as ContentError;
      // Named or not, public/ publishes it: the SVG itself is at fault, not the line naming it.
      expect(error.diagnostics.map((d) => [d.rule, path.relative(paths.public, d.file), d.line, d.column])).toEqual([
        ['image/unsafe-svg', 'photos/chart.svg', 1, svg!.indexOf(culprit!) + 1],
      ]);
      expect(error.diagnostics[0]!.message).toContain(reason);
    }
  });
});
