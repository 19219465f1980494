import path from 'node:path';
import { fixtureCopy, runCli } from './fixture.ts';

type Fixture = Awaited<ReturnType<typeof fixtureCopy>>;

/** What `sitegen check` prints about a copy of the fixture after `change`, its files named as in a project's content/ folder. */
export async function checkOutput(change: (fx: Fixture) => Promise<void>): Promise<string> {
  const fx = await fixtureCopy();
  try {
    await change(fx);
    const { stdout } = await runCli('check', '--content', fx.content);
    return stdout.replaceAll(path.relative(process.cwd(), fx.content) + path.sep, `content${path.sep}`).trimEnd();
  } finally {
    await fx.remove();
  }
}
