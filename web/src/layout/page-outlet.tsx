import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useFocusPageOnNavigate } from './document-head';
import { HydrationMark } from './hydration-mark';

// Inside the page's Suspense boundary, so its effect runs once the new page is on screen.
function FocusPageOnNavigate() {
  useFocusPageOnNavigate();
  return null;
}

/** Where a layout shows its current page (each page is a lazy chunk). */
export function PageOutlet() {
  return (
    <Suspense fallback={<div className="min-h-screen" aria-busy="true" />}>
      <Outlet />
      <FocusPageOnNavigate />
      <HydrationMark part="page" />
    </Suspense>
  );
}
