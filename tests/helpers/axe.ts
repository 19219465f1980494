import type { Page } from 'playwright-core';
import { axeViolations as violationsOf } from '../../src/review/capture.ts';

/** Axe's violations on the page as it stands, as the review finds them, one line each: the rule, its impact and its first three elements. */
export async function axeViolations(page: Page, label: string): Promise<string[]> {
  return (await violationsOf(page)).map((v) => `${label}: ${v.id} (${v.impact}) ${v.targets.slice(0, 3).join(', ')}`);
}
