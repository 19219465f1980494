import type { ComponentType } from 'react';
import { definePage } from '../../src/template-api.ts';
import { Embed, Faq, FormBlock, Logos, Screenshots, TestimonialsBlock, VideoBlock } from '../blocks/interactiveBlocks.tsx';
import { PartnerOffer, PricingBlock, PricingFaq } from '../blocks/pricingBlocks.tsx';
import { checkPricingBlocks } from '../blocks/pricingRefs.ts';
import { pricingOf } from '../schemas/pricing.ts';
import { blocksPageSchema, type Block, type BlockType } from '../blocks/schema.ts';
import { Checklist, Cta, Features, Hero, Prose, Split, Stats, Steps, Team, Tiles } from '../blocks/textBlocks.tsx';

const components: { [K in BlockType]: ComponentType<{ block: Extract<Block, { type: K }>; index: number }> } = {
  hero: Hero,
  logos: Logos,
  testimonials: TestimonialsBlock,
  features: Features,
  split: Split,
  screenshots: Screenshots,
  steps: Steps,
  tiles: Tiles,
  video: VideoBlock,
  team: Team,
  prose: Prose,
  stats: Stats,
  checklist: Checklist,
  faq: Faq,
  cta: Cta,
  form: FormBlock,
  embed: Embed,
  pricing: PricingBlock,
  'pricing-faq': PricingFaq,
  'partner-offer': PartnerOffer,
};

/** A marketing page composed of blocks in YAML (content/pages/*.yaml with `template: blocks`). */
export const Blocks = definePage(
  blocksPageSchema,
  ({ data }) => (
    <>
      {(data.blocks as Block[]).map((block, index) => {
        const Component = components[block.type] as ComponentType<{ block: Block; index: number }>;
        return <Component key={index} block={block} index={index} />;
      })}
    </>
  ),
  { check: (data, siteData) => checkPricingBlocks(data.blocks as Block[], pricingOf(siteData)) },
);
