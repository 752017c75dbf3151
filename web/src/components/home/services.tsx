import { Link } from 'react-router';
import { SERVICE_CARDS, SERVICES_HEADING } from '../../../../core/site/services';
import { STAT_TILES } from '../../../../core/site/stat-tiles';
import { orderPath } from '../../../../core/tickets/order-path';
import { useSiteBlock } from '../../data/site-content';
import { Icon } from '../icon';
import { HomeSection } from './home-section';

export function Services() {
  const services = useSiteBlock('services', SERVICE_CARDS);
  const stats = useSiteBlock('stats', STAT_TILES);
  return (
    <HomeSection
      id="services"
      title={SERVICES_HEADING}
      lead="Everything your community needs to look professional, from one studio."
    >
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {services.map((card) => (
          <li
            key={card.id}
            id={card.id}
            className="flex flex-col rounded-xl border border-line bg-panel p-6 transition-colors hover:border-lavender/60"
          >
            <span className="inline-flex rounded-lg bg-lavender/15 p-2.5 text-lavender">
              <Icon name={card.icon} className="size-6" />
            </span>
            <h3 className="mt-4 font-semibold">{card.title}</h3>
            <p className="mt-2 mb-4 text-sm text-muted">{card.description}</p>
            <Link
              to={orderPath(`service:${card.id}`)}
              className="mt-auto self-start rounded text-sm font-semibold text-lavender-strong underline-offset-4 hover:underline"
            >
              Order<span className="sr-only"> {card.title}</span>
            </Link>
          </li>
        ))}
      </ul>
      {stats.length > 0 && (
        <ul aria-label="Lunar in numbers" className="mt-12 grid grid-cols-2 gap-4 lg:grid-cols-4">
          {stats.map((tile) => (
            <li
              key={tile.label}
              className="rounded-xl border border-line bg-panel/60 p-6 text-center"
            >
              <Icon name={tile.icon} className="mx-auto size-6 text-lavender" />
              <p className="mt-3 text-3xl font-extrabold">{tile.value}</p>
              <p className="text-sm text-muted">{tile.label}</p>
            </li>
          ))}
        </ul>
      )}
    </HomeSection>
  );
}
