import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Where Chromium is looked for when CHROME_PATH is not set: Debian's and Ubuntu's packages, then Chrome. */
const KNOWN_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

/** How Chromium runs headless in a container or on CI, with nothing of its own to fetch: the review's and the tests' browsers alike. */
export const HEADLESS_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Why no browser can be started, in one line with what to do (exit 2). */
export class NoBrowser extends Error {}

/** The Chromium to capture with: CHROME_PATH, else the first installed of the usual places. Playwright never downloads one. */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.CHROME_PATH) {
    if (!existsSync(env.CHROME_PATH))
      throw new NoBrowser(`CHROME_PATH names ${env.CHROME_PATH}, which does not exist: set it to Chromium's program, or unset it to use an installed one`);
    return env.CHROME_PATH;
  }
  const found = KNOWN_PATHS.find((candidate) => existsSync(candidate));
  if (!found) throw new NoBrowser(`no Chromium in ${KNOWN_PATHS.join(', ')}: install it (Debian: apt-get install chromium) or set CHROME_PATH`);
  return found;
}

/** One Chromium for the whole review, started once: every capture opens a page of it. One that will not start is said in one line. */
export async function launchChromium(): Promise<Browser> {
  const executablePath = chromiumPath();
  return launch(executablePath).catch((error: Error) => {
    // Playwright's message holds the whole command line and the browser's log: its first line says what failed.
    throw new NoBrowser(
      `${executablePath} did not start (${error.message.split('\n')[0]!.replace(/^browserType\.launch: /, '')}): check that it runs, or set CHROME_PATH to a Chromium that does`,
    );
  });
}

function launch(executablePath: string): Promise<Browser> {
  return chromium.launch({
    executablePath,
    args: [
      ...HEADLESS_ARGS,
      // Text drawn the same way run after run: no subpixel positioning or hinting that depends on the machine's settings.
      '--font-render-hinting=none',
      '--disable-font-subpixel-positioning',
      '--disable-lcd-text',
      '--force-color-profile=srgb',
      '--hide-scrollbars',
    ],
  });
}
