import path from 'node:path';
import { fixtureCopy, runCli } from '../../helpers/fixture.ts';

/** `sitegen diff` between a site without redirects and the same site with two. */
export default async (): Promise<string> => {
  const fx = await fixtureCopy();
  try {
    const build = async (out: string) => {
      const { code, stderr } = await runCli('build', '--content', fx.content, '--out', path.join(fx.dir, out));
      if (code !== 0) throw new Error(stderr);
    };
    await build('before');
    await fx.write(
      'redirects.yaml',
      ['redirects:', '  - from: /blog', '    to: /news-insights', '    permanent: true', '  - from: /pricing', '    to: /legal', ''].join('\n'),
    );
    await build('after');
    const { stdout } = await runCli('diff', path.join(fx.dir, 'before'), path.join(fx.dir, 'after'));
    return stdout;
  } finally {
    await fx.remove();
  }
};
