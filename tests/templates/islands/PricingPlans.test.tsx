import { readFileSync } from 'node:fs';
import path from 'node:path';
import { renderToString } from 'react-dom/server';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { pricingSchema } from '../../../templates/schemas/pricing.ts';
import PricingPlans from '../../../templates/islands/PricingPlans.tsx';

const pricing = pricingSchema.parse(parse(readFileSync(path.resolve(import.meta.dirname, '../../../content/pricing.yaml'), 'utf8')));
const render = (groups = pricing.groups.filter((g) => g.visible)) =>
  renderToString(<PricingPlans pricing={{ ...pricing, groups }} contactSalesUrl="https://sales.example/contact" />);

describe('the pricing table as the server renders it', () => {
  it('lists each visible group with its plans at annual prices, and links Learn More to the written-out details', () => {
    const html = render();
    expect(html).toContain('For Properties');
    expect(html).toContain('For Brands');
    expect(html).toContain('$225');
    expect(html).not.toContain('$270');
    expect(html).toContain('href="#details-e2e-pro"');
    expect(html).toContain('id="details-e2e-pro"');
  });

  it('says pricing is coming soon for a visible group without plans', () => {
    const buildOut = { ...pricing.groups.find((g) => g.key === 'inventory-build-out')!, visible: true };
    const html = render([pricing.groups[0]!, buildOut]);
    expect(html).toContain('Inventory Build-Out');
    expect(html).toContain('Pricing information coming soon for this service.');
  });
});
