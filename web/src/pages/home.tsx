import { lazy, Suspense } from 'react';
import { Hero } from '../components/home/hero';
import { Promotions } from '../components/home/promotions';

// The server prerenders everything; in the browser React keeps the prerendered sections under
// the hero as they are until their chunk arrives and hydrates them then (selective hydration),
// so the first load only carries the hero's code. The JS budget (≤ 90 KB gzip) needs this.
const BelowTheFold = lazy(() => import('../components/home/below-the-fold'));

export default function HomePage() {
  return (
    <main>
      <Hero />
      <Promotions />
      <Suspense fallback={<div className="min-h-screen" />}>
        <BelowTheFold />
      </Suspense>
    </main>
  );
}
