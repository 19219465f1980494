import { compareSites } from '../diff/compare.ts';
import { DIFF_FORMATS, type DiffFormatName } from '../diff/diffFormats.ts';
import { DiffInputError, manifestOfFolder, manifestText, readSide } from '../diff/pageManifest.ts';
import { EXIT } from './report.ts';

export interface DiffCommandOptions {
  format: DiffFormatName;
  previewUrl?: string;
  /** Print the page manifest of this built folder instead of comparing. */
  manifest?: string;
}

/** `sitegen diff OLD NEW`: the pages and files a change adds, changes and removes. Differences are no failure: exit 0 either way. */
export async function diffCommand(sides: string[], options: DiffCommandOptions): Promise<number> {
  const usage = (line: string) => {
    process.stderr.write(`sitegen diff: ${line}\n`);
    return EXIT.usage;
  };
  if (options.manifest !== undefined && sides.length) return usage('--manifest DIR prints one folder\'s manifest: name no OLD or NEW with it');
  if (options.manifest === undefined && sides.length !== 2) return usage('name the site before and the site after: sitegen diff OLD NEW (built folders or page manifests)');
  try {
    if (options.manifest !== undefined) {
      process.stdout.write(manifestText(await manifestOfFolder(options.manifest)));
      return EXIT.ok;
    }
    const [before, after] = await Promise.all(sides.map(readSide));
    process.stdout.write(DIFF_FORMATS[options.format](compareSites(before!, after!), { previewUrl: options.previewUrl }));
    return EXIT.ok;
  } catch (error) {
    if (error instanceof DiffInputError) return usage(error.message);
    throw error;
  }
}
