import { mkdtempSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { OUTPUT_MARKER } from '../../src/config.ts';
import { outputMode, outputUnreleased, PLAIN_BUILD } from '../../src/hosting/buildMode.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'sitegen-marker-'));
afterAll(() => rm(dir, { recursive: true, force: true }));
const marked = (marker: object) => writeFile(path.join(dir, OUTPUT_MARKER), JSON.stringify(marker));

describe("an output's marker", () => {
  it('gives the drafts and scheduled pages it records, and none when it records none', async () => {
    const unreleased = { '/articles/a': { status: 'draft' }, '/articles/b': { status: 'scheduled', date: '2026-03-02' } };
    await marked({ generator: 'sitegen', version: '1.1.0', mode: PLAIN_BUILD, unreleased });
    expect(outputUnreleased(dir)).toEqual(unreleased);
    await marked({ generator: 'sitegen', version: '1.1.0', mode: PLAIN_BUILD });
    expect(outputUnreleased(dir)).toEqual({});
  });

  it('keeps its mode readable when its record of pages is one this sitegen cannot read (a later one wrote it)', async () => {
    await marked({ generator: 'sitegen', version: '9.0.0', mode: PLAIN_BUILD, unreleased: { '/articles/a': { status: 'embargoed', until: 'noon' } } });
    expect(outputMode(dir)).toEqual(PLAIN_BUILD);
    expect(outputUnreleased(dir)).toEqual({});
  });
});
