import { useSiteUrl } from '../../src/islands/base.ts';
import { Picture, type ImageSource } from '../../src/islands/images.tsx';
import { imageSlots } from '../components/imageSlots.ts';
import { useState } from 'react';

export interface VideoFacadeProps {
  src: string;
  title: string;
  /** Described by the server, so that the browser hydrates the same picture. */
  poster: ImageSource;
}

/**
 * Click-to-load video: nothing is requested from the video host until the visitor asks.
 * Without JavaScript the poster is a plain link to the video.
 */
export default function VideoFacade({ src, title, poster }: VideoFacadeProps) {
  const url = useSiteUrl();
  const [playing, setPlaying] = useState(false);
  if (playing) {
    const player = new URL(src);
    player.searchParams.set('autoplay', '1');
    return (
      <div className="relative aspect-video overflow-hidden rounded-2xl bg-ink-950">
        <iframe className="absolute inset-0 h-full w-full" src={player.href} title={title} allow="autoplay; encrypted-media; picture-in-picture; fullscreen" />
      </div>
    );
  }
  return (
    <a
      href={url(src)}
      onClick={(event) => {
        event.preventDefault();
        setPlaying(true);
      }}
      className="group relative block aspect-video overflow-hidden rounded-2xl bg-ink-950"
    >
      <Picture image={poster} slot={imageSlots.wide} alt="" className="h-full w-full object-cover transition-opacity group-hover:opacity-90" />
      <span className="absolute bottom-4 left-4 inline-flex items-center gap-2 rounded-full bg-white/95 px-4 py-2 text-sm font-semibold text-ink-900 shadow-lg transition-transform group-hover:scale-105">
        <svg className="h-4 w-4 text-brand-600" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M7 4.5v15l12.5-7.5z" fill="currentColor" />
        </svg>
        Play video
      </span>
      <span className="sr-only">: {title}</span>
    </a>
  );
}
