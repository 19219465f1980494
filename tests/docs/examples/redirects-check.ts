import path from 'node:path';
import { fixtureCopy, runCli } from '../../helpers/fixture.ts';

/** `sitegen check` on a content/redirects.yaml with a redirect that would hide a page and a chain. */
export default async (): Promise<string> => {
  const fx = await fixtureCopy();
  try {
    await fx.write(
      'redirects.yaml',
      ['redirects:', '  - from: /legal', '    to: /privacy-policy', '  - from: /blog', '    to: /news', '  - from: /news', '    to: /news-insights', ''].join(
        '\n',
      ),
    );
    const { stdout } = await runCli('check', '--content', fx.content);
    return stdout.replaceAll(path.relative(process.cwd(), fx.content), 'content');
  } finally {
    await fx.remove();
  }
};
