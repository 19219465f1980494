import { useEffect, useState } from 'react';

/** False on the server and during hydration, true after: controls that need JavaScript appear only when it runs. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
