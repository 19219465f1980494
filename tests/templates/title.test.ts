import { describe, expect, it } from 'vitest';
import type { TouchlineSite } from '../../templates/schemas/site.ts';
import { documentTitle, TITLE_LIMIT } from '../../templates/title.ts';

const site = { name: 'Touchline', tagline: 'Automate your sponsorship workflows.' } as TouchlineSite;
const head = (route: string, title: string) => ({ route, title, description: '' });

describe('documentTitle', () => {
  it('titles the home page with the name and the tagline, without its full stop', () => {
    expect(documentTitle(site, head('/', 'Home'))).toBe('Touchline — Automate your sponsorship workflows');
  });

  it("ends another page's title with the site's name", () => {
    expect(documentTitle(site, head('/pricing', 'Pricing'))).toBe('Pricing | Touchline');
  });

  it('leaves the name out where the title would be cut in search results', () => {
    const fits = 'x'.repeat(TITLE_LIMIT - ' | Touchline'.length);
    expect(documentTitle(site, head('/a', fits))).toBe(`${fits} | Touchline`);
    expect(documentTitle(site, head('/a', `${fits}y`))).toBe(`${fits}y`);
  });
});
