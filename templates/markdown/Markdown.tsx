import type { Root } from 'hast';
import { toJsxRuntime, type Components } from 'hast-util-to-jsx-runtime';
import type { ComponentProps } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { Callout, Figure, ImageCarousel, Video } from './embeds.tsx';

function anchored(Tag: 'h2' | 'h3') {
  return function AnchoredHeading({ id, children, ...rest }: ComponentProps<'h2'>) {
    return (
      <Tag id={id} {...rest}>
        {children}
        {id ? (
          <a href={`#${id}`} className="heading-anchor" aria-label="Link to this section">
            #
          </a>
        ) : null}
      </Tag>
    );
  };
}

/** Wide tables scroll inside a focusable, labelled region so keyboard users can scroll them too. */
function Table({ 'data-label': label, ...props }: ComponentProps<'table'> & { 'data-label'?: string }) {
  return (
    <section className="overflow-x-auto" aria-label={label ?? 'Table'} tabIndex={0}>
      <table {...props} />
    </section>
  );
}

function Image(props: ComponentProps<'img'>) {
  return <img {...props} loading="lazy" decoding="async" />;
}

const components = {
  h2: anchored('h2'),
  h3: anchored('h3'),
  table: Table,
  img: Image,
  'x-callout': Callout,
  'x-figure': Figure,
  'x-video': Video,
  'x-carousel': ImageCarousel,
} as unknown as Components;

/** Renders markdown (as hast) with React, mapping embeds to their components. */
export function Markdown({ tree }: { tree: Root }) {
  return toJsxRuntime(tree, { Fragment, jsx, jsxs, components });
}
