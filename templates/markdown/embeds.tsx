import type { ReactNode } from 'react';
import { Island, Picture, useImageSource } from '../../src/template-api.ts';
import { imageSlots } from '../components/imageSlots.ts';
import Carousel, { type Slide } from '../islands/Carousel.tsx';
import VideoFacade from '../islands/VideoFacade.tsx';

const calloutStyles = {
  note: { box: 'border-sky-400 bg-sky-50', title: 'text-ink-900', label: 'Note' },
  tip: { box: 'border-brand-500 bg-brand-50', title: 'text-brand-800', label: 'Tip' },
  warning: { box: 'border-amber-400 bg-amber-50', title: 'text-amber-900', label: 'Watch out' },
} as const;

export function Callout({ type = 'note', title, children }: { type?: keyof typeof calloutStyles; title?: string; children?: ReactNode }) {
  const style = calloutStyles[type] ?? calloutStyles.note;
  return (
    <aside className={`not-prose rounded-r-2xl border-l-4 px-5 py-4 ${style.box}`} aria-label={title ?? style.label}>
      <p className={`text-sm font-bold ${style.title}`}>{title ?? style.label}</p>
      <div className="mt-1.5 text-[0.975rem] leading-relaxed text-slate-700 [&>*+*]:mt-3">{children}</div>
    </aside>
  );
}

export function Figure({ src, alt, caption, width, height }: { src: string; alt: string; caption: string; width?: number | string; height?: number | string }) {
  const image = useImageSource();
  return (
    <figure className="my-8">
      <Picture image={image(src, { width, height })} slot={imageSlots.prose} alt={alt} className="h-auto w-full rounded-2xl" />
      <figcaption className="mt-3 text-center text-sm text-slate-600">{caption}</figcaption>
    </figure>
  );
}

export function Video({ src, title, poster }: { src: string; title: string; poster: string }) {
  const image = useImageSource();
  return (
    <figure className="my-8">
      <Island of={VideoFacade} props={{ src, title, poster: image(poster, { width: 1200, height: 675 }) }} when="visible" />
      <figcaption className="mt-3 text-center text-sm text-slate-600">{title}</figcaption>
    </figure>
  );
}

export function ImageCarousel({ label, slides }: { label: string; slides: string }) {
  return <Island of={Carousel} props={{ label, slides: JSON.parse(slides) as Slide[] }} when="visible" />;
}
