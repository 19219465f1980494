const format = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** Human-readable date for an ISO date, fixed to UTC and en-US so builds are reproducible. */
export function formatDate(iso: string): string {
  return format.format(new Date(`${iso}T00:00:00Z`));
}
