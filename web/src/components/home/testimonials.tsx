import type { TestimonialsResponse } from '../../../../core/orders/testimonial';
import { useApi } from '../../data/use-api';
import { Icon } from '../icon';
import { HomeSection } from './home-section';

const RATING_MAX = 5;

/**
 * What customers said, from the reviews they agreed to publish (newest first, hidden ones never
 * reach the API). Prerendered with the page's data; with none yet, the section is left out.
 */
export function Testimonials() {
  const { data } = useApi<TestimonialsResponse>('/api/testimonials');
  const items = data?.testimonials ?? [];
  if (items.length === 0) return null;
  return (
    <HomeSection
      id="testimonials"
      title="What our customers say"
      lead="Reviews from finished orders, shared with the customer's permission."
    >
      <ul className="grid gap-4 md:grid-cols-3">
        {items.map((item) => (
          <li key={item.id} className="rounded-xl border border-line bg-panel p-5">
            <figure>
              <p
                role="img"
                aria-label={`Rated ${item.rating} out of ${RATING_MAX}`}
                className="flex gap-0.5 text-lavender-strong"
              >
                {Array.from({ length: RATING_MAX }, (_, star) => (
                  <Icon
                    // biome-ignore lint/suspicious/noArrayIndexKey: five fixed stars
                    key={star}
                    name="star"
                    className={`size-4 ${star < item.rating ? 'fill-current' : 'opacity-30'}`}
                  />
                ))}
              </p>
              {item.comment && (
                <blockquote className="mt-3 text-sm leading-relaxed">“{item.comment}”</blockquote>
              )}
              <figcaption className="mt-4 text-sm font-semibold">{item.name}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
