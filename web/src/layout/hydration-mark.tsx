import { useEffect } from 'react';

/**
 * Marks <html> with `data-hydrated-<part>` once this part of the page is interactive. Rendered
 * inside a Suspense boundary, its effect runs when that boundary has hydrated; browser tests
 * wait for it before clicking (a click before hydration is lost).
 */
export function HydrationMark({ part }: { part: string }) {
  useEffect(() => {
    document.documentElement.setAttribute(`data-hydrated-${part}`, '');
  }, [part]);
  return null;
}
