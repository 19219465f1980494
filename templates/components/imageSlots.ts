import type { ImageSlot } from '../../src/islands/images.tsx';

/**
 * Where the templates show images, each with the widths its raster images are made at and its
 * real width at each breakpoint (the `sizes` the browser picks a file with). The widths cover
 * the slot on a phone at 3 device pixels per CSS pixel and on a desktop at 2, and are steps of
 * one ladder (480, 800, 1200, 1600, 1920) where they can be: an image shown in several slots
 * (a cover is also a card) is then made once per width, not once per slot and width.
 */
export const imageSlots = {
  /** An article's cover: the page's width up to max-w-5xl (64rem) less the page's padding. */
  cover: { widths: [480, 800, 1200, 1600, 1920], sizes: '(min-width: 1024px) 960px, (min-width: 640px) calc(100vw - 4rem), calc(100vw - 2.5rem)' },
  /** Images in an article's body: the prose column, max-w-2xl (42rem). */
  prose: { widths: [480, 800, 1200, 1600], sizes: '(min-width: 736px) 672px, (min-width: 640px) calc(100vw - 4rem), calc(100vw - 2.5rem)' },
  /** A carousel or a video's poster in a body or a block: up to max-w-5xl. */
  wide: { widths: [480, 800, 1200, 1600, 1920], sizes: '(min-width: 1024px) 960px, (min-width: 640px) calc(100vw - 4rem), calc(100vw - 2.5rem)' },
  /** A card in a row of three (two from md, one on phones). */
  card: {
    widths: [480, 800, 1200],
    sizes: '(min-width: 1280px) 395px, (min-width: 1024px) calc((100vw - 6rem) / 3), (min-width: 768px) calc((100vw - 5.5rem) / 2), calc(100vw - 2.5rem)',
  },
  /** The blog's featured article: half the page from lg. */
  featured: { widths: [480, 800, 1200, 1600], sizes: '(min-width: 1280px) 608px, (min-width: 1024px) calc(50vw - 2rem), calc(100vw - 2.5rem)' },
  /** The hero's and a split block's image: beside the text from lg. */
  split: { widths: [480, 800, 1200, 1600], sizes: '(min-width: 1280px) 600px, (min-width: 1024px) calc(50vw - 3.5rem), calc(100vw - 2.5rem)' },
  /** A team member's photo, 5rem round. */
  portrait: { widths: [80, 160, 240], sizes: '80px' },
  /** A testimonial's photo, 3rem round. */
  avatar: { widths: [48, 96, 144], sizes: '48px' },
  /** A partner's logo, 3rem high. */
  logo: { widths: [144, 288, 432], sizes: '144px' },
} satisfies Record<string, ImageSlot>;
