import { HydrationMark } from '../../layout/hydration-mark';
import { Pricing } from './pricing';
import { Services } from './services';
import { TeamDirectory } from './team-directory';
import { Testimonials } from './testimonials';

/** The sections under the hero: one chunk, hydrated right after the first paint. */
export default function BelowTheFold() {
  return (
    <>
      <Services />
      <Pricing />
      <Testimonials />
      <TeamDirectory />
      <HydrationMark part="below-the-fold" />
    </>
  );
}
