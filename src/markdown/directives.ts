import { z } from 'zod';
import { assetPath, httpsUrl, text } from '../schemas/common.ts';

/**
 * The embeds an editor may write in markdown. Each maps to an element name that the
 * templates render with a React component (templates/markdown/components.tsx).
 */
export const directiveSchemas = {
  callout: {
    kind: 'containerDirective',
    attributes: z.strictObject({ type: z.enum(['note', 'tip', 'warning']).default('note'), title: text.optional() }),
  },
  figure: {
    kind: 'leafDirective',
    attributes: z.strictObject({ src: assetPath, alt: text, caption: text }),
  },
  video: {
    kind: 'leafDirective',
    attributes: z.strictObject({ src: httpsUrl, title: text, poster: assetPath }),
  },
  carousel: {
    kind: 'containerDirective',
    attributes: z.strictObject({ label: text }),
  },
} as const;

export type DirectiveName = keyof typeof directiveSchemas;
export const directiveNames = Object.keys(directiveSchemas) as DirectiveName[];

/** Element name in hast for a directive, e.g. `x-callout`. */
export const elementName = (name: DirectiveName) => `x-${name}`;

export type CalloutAttributes = z.infer<(typeof directiveSchemas)['callout']['attributes']>;
export type FigureAttributes = z.infer<(typeof directiveSchemas)['figure']['attributes']>;
export type VideoAttributes = z.infer<(typeof directiveSchemas)['video']['attributes']>;
