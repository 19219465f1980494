// npm run bench -- --markdown-bombs [--runs R]
// Times `sitegen check` on the real content with one article's body replaced by each of
// bin/markdownBombs.mjs's hostile bodies, at 20 KB and 40 KB, and by ordinary text of the same
// sizes; prints wall time, the check's peak memory, the growth from 20 to 40 KB (2× is linear),
// and what the check said of the article. It asserts nothing: the machine may be busy.
import { Buffer } from 'node:buffer';
import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { markdownBombs } from './markdownBombs.mjs';

const SIZES = [20_000, 40_000];
// Loaded before sitegen in the timed process: its peak memory, printed as it exits.
const PEAK = `data:text/javascript,${encodeURIComponent("process.on('exit', () => process.stderr.write(`\\npeak ${Math.round(process.resourceUsage().maxRSS / 1024)} MB\\n`));")}`;

export async function benchMarkdownBombs(root, runs) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-bench-bombs-'));
  const content = path.join(dir, 'content');
  await cp(path.join(root, 'content'), content, { recursive: true });
  const article = path.join(content, 'articles/value-banks.md');
  const original = await readFile(article, 'utf8');
  const frontmatter = original.slice(0, original.indexOf('\n---\n') + 5);
  const ordinary = (bytes) => 'An ordinary paragraph of words, with **bold** and `code` in it.\n\n'.repeat(Math.round(bytes / 66));
  const cases = [
    { name: 'ordinary text', bodies: SIZES.map(ordinary) },
    ...markdownBombs(SIZES[0]).map(({ name }, i) => ({ name, bodies: SIZES.map((bytes) => markdownBombs(bytes)[i].body) })),
  ];
  console.log(`sitegen check on the real content, one article's body replaced; ${os.cpus().length} cores, node ${process.version}, ${runs} run(s) each`);
  for (const { name, bodies } of cases) {
    const measured = [];
    for (const body of bodies) {
      await writeFile(article, `${frontmatter}\n${body}\n`);
      for (let r = 0; r < runs; r++) {
        const started = process.hrtime.bigint();
        const result = spawnSync(process.execPath, ['--import', PEAK, path.join(root, 'bin/sitegen.mjs'), 'check', '--content', content], {
          cwd: root,
          encoding: 'utf8',
          maxBuffer: 64 * 1024 * 1024,
        });
        const ms = Math.round(Number(process.hrtime.bigint() - started) / 1e6);
        const peak = /peak (\d+) MB/.exec(result.stderr)?.[1];
        const said = [...new Set(result.stdout.match(/\[markdown\/[a-z-]+\]/g) ?? [])].join(' ') || (result.status === 0 ? 'read' : `exit ${result.status}`);
        measured.push(ms);
        console.log(
          `${name.padEnd(24)} ${String(Buffer.byteLength(body)).padStart(6)} B ${String(ms).padStart(7)} ms   peak ${String(peak).padStart(4)} MB   ${said}`,
        );
      }
    }
    const [small, large] = [measured.slice(0, runs), measured.slice(runs)].map((times) => times.reduce((a, b) => a + b, 0) / times.length);
    console.log(`${name.padEnd(24)} 20 KB → 40 KB: ${(large / small).toFixed(2)}× the time`);
  }
  await rm(dir, { recursive: true, force: true });
}
