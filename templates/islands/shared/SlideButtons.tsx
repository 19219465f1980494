/** Labelled Previous/Next buttons shared by the carousels. */
export function SlideButtons({
  onPrevious,
  onNext,
  previousDisabled = false,
  nextDisabled = false,
  dark = false,
}: {
  onPrevious: () => void;
  onNext: () => void;
  previousDisabled?: boolean;
  nextDisabled?: boolean;
  dark?: boolean;
}) {
  const cls = dark ? 'btn border border-white/30 px-3 text-white hover:bg-white/10 disabled:opacity-40' : 'btn-secondary px-3 disabled:opacity-40';
  return (
    <div className="flex gap-2">
      <button type="button" className={cls} onClick={onPrevious} disabled={previousDisabled} aria-label="Previous slide">
        <svg className="h-5 w-5" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          <path d="M12.5 4.5 7 10l5.5 5.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      <button type="button" className={cls} onClick={onNext} disabled={nextDisabled} aria-label="Next slide">
        <svg className="h-5 w-5" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          <path d="M7.5 4.5 13 10l-5.5 5.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
    </div>
  );
}
