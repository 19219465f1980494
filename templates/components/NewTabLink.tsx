import type { ReactNode } from 'react';

/** A link that opens in a new tab: safe `rel`, and said out loud for screen-reader users. */
export function NewTabLink({ href, className, children }: { href: string; className: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
