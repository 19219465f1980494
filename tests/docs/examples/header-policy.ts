import { keysOf } from '../../../src/hosting/keys.ts';
import { cacheControlFor, contentTypeFor } from '../../../src/hosting/policy.ts';

/** Built files of each kind, named as a build names them (each hash is one a build made). */
const FILES = [
  'index.html',
  'about/index.html',
  '404.html',
  'sitemap.xml',
  'feed.xml',
  'robots.txt',
  'favicon.svg',
  'images/logos/brightwater-youth-sport.svg',
  'assets/site-2nrxJfFgsn.css',
  'assets/island-MobileMenu-2POPKNUT.js',
  'assets/props/NavMenus-C0HH3His8Xol.json',
  'assets/blog/aZpPtkcGZ4q2/catalog.json',
  'assets/img/Xb3kq0PzR1t9aQw2-800.avif',
];

/** The keys and headers `sitegen publish` gives each kind of built file, and `sitegen serve` answers with, in aligned columns. */
export default async () => {
  const rows = [
    ['built file', 'keys in the bucket', 'Content-Type', 'Cache-Control'],
    ...FILES.map((file) => [file, keysOf(file).join(' '), contentTypeFor(file), cacheControlFor(file)]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
};
