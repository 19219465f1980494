import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';

/** axe-core as @axe-core/playwright, the project's dependency, has it. */
const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(createRequire(require.resolve('@axe-core/playwright')).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Axe's violations on the page as it stands, one line each. Axe is put in the page once and asked
 * for its violations alone: @axe-core/playwright's legacy mode puts it in twice and returns every
 * passing node as well, most of a page's check. Legacy mode, as here, runs in the page itself: no
 * page has a frame until a visitor plays a video.
 */
export async function axeViolations(page: Page, label: string): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } };
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return violations.map(
    (v) =>
      `${label}: ${v.id} (${v.impact}) ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
}
