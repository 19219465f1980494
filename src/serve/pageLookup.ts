import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { outputPathForRoute } from '../routes/outputPath.ts';

/** The HTML file that answers a clean URL (`/about` → about/index.html), or undefined. */
export function pageFileFor(dir: string, pathname: string): string | undefined {
  let rel: string;
  try {
    rel = outputPathForRoute(pathname);
  } catch {
    return undefined;
  }
  const file = path.join(dir, rel);
  if (!file.startsWith(path.resolve(dir) + path.sep)) return undefined;
  return existsSync(file) && statSync(file).isFile() ? file : undefined;
}
