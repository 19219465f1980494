import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { OUTPUT_MARKER } from '../../src/config.ts';
import { PLAIN_BUILD, type BuildMode } from '../../src/hosting/buildMode.ts';

/** A small built site in a temp folder, as the servers' tests need one: two pages, the not-found page, an asset, a sitemap. */
export async function smallBuiltSite(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-site-'));
  await mkdir(path.join(dir, 'about'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'index.html'), '<!DOCTYPE html><title>Home</title></html>');
  await writeFile(path.join(dir, 'about/index.html'), '<!DOCTYPE html><title>About</title></html>');
  await writeFile(path.join(dir, '404.html'), '<!DOCTYPE html><title>Not found</title></html>');
  await writeFile(path.join(dir, 'assets/site-2nrxJfFgsn.css'), 'body{color:red}');
  await writeFile(path.join(dir, 'sitemap.xml'), '<urlset/>');
  await markBuilt(dir);
  return dir;
}

/** Gives a folder the marker a build writes, saying how it was built (publish reads it). */
export function markBuilt(dir: string, mode: Partial<BuildMode> = {}): Promise<void> {
  return writeFile(path.join(dir, OUTPUT_MARKER), `${JSON.stringify({ generator: 'sitegen', version: 'test', mode: { ...PLAIN_BUILD, ...mode } })}\n`);
}
