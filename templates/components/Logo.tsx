/** The Touchline mark: a pitch corner with a touchline running through it. */
export function LogoMark({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="9" fill="#0a7a52" />
      <path d="M7 24V8h18" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M7 17.5a6.5 6.5 0 0 0 6.5-6.5" fill="none" stroke="#a7f0cd" strokeWidth="2.5" strokeLinecap="round" />
      <circle cx="21" cy="19" r="3" fill="#f6b93b" />
    </svg>
  );
}

/** `compact`: a step smaller below `sm`, so the phone header keeps its padding beside the two buttons. */
export function Logo({ name, inverted = false, compact = false }: { name: string; inverted?: boolean; compact?: boolean }) {
  return (
    <span
      className={`inline-flex items-center font-extrabold tracking-tight ${compact ? 'gap-2 text-lg sm:gap-2.5 sm:text-xl' : 'gap-2.5 text-xl'} ${inverted ? 'text-white' : 'text-ink-900'}`}
    >
      <LogoMark className={compact ? 'h-7 w-7 sm:h-8 sm:w-8' : undefined} />
      {name}
    </span>
  );
}
