import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { buildHiringLinks, FOOTER, HIRING_LABEL, STUDIO_NAME } from '../../../core/site/site';
import type { NavLink } from '../../../core/site/types';
import { EmailLine } from '../components/email-line';
import { Icon } from '../components/icon';
import { useSiteSettings } from '../data/site-settings';

const linkClass = 'text-muted hover:text-white';

/** The server's year while hydrating (same markup as the HTML), then the visitor's own. */
function useCurrentYear(): number {
  const { year } = useSiteSettings();
  const [current, setCurrent] = useState(year);
  useEffect(() => setCurrent(new Date().getFullYear()), []);
  return current;
}

export default function Footer() {
  const { discordInviteUrl } = useSiteSettings();
  const year = useCurrentYear();
  return (
    <footer className="mt-24 border-t border-line bg-panel/40">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-5">
        <div className="sm:col-span-2">
          <p className="text-xl font-bold">{STUDIO_NAME}</p>
          <p className="mt-3 max-w-sm text-sm text-muted">{FOOTER.description}</p>
          <EmailLine text={FOOTER.contactLine} className="mt-4 text-sm text-muted" />
        </div>
        <FooterLinks title="Quick Links" links={FOOTER.quickLinks} />
        <FooterLinks title={HIRING_LABEL} links={buildHiringLinks(discordInviteUrl)} />
        <FooterLinks title="Legal" links={FOOTER.legalLinks} />
      </div>
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 border-t border-line px-4 py-6 text-sm text-muted">
        <p>{FOOTER.copyright(year)}</p>
        <ul aria-label="Payment methods" className="flex gap-2">
          {FOOTER.paymentBadges.map((badge, index) => (
            <li
              key={badge}
              className="flex items-center gap-1.5 rounded-md border border-line px-2.5 py-1"
            >
              {index === 0 ? (
                <span aria-hidden="true" className="font-bold text-lavender-strong">
                  R$
                </span>
              ) : (
                <Icon name="credit-card" className="size-4 text-lavender-strong" />
              )}
              {badge}
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}

function FooterLinks({ title, links }: { title: string; links: readonly NavLink[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{title}</h2>
      <ul className="mt-3 space-y-2 text-sm">
        {links.map((link) => (
          <li key={link.href}>
            {link.external ? (
              <a href={link.href} target="_blank" rel="noopener noreferrer" className={linkClass}>
                {link.label}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            ) : link.href.includes('#') ? (
              <a href={link.href} className={linkClass}>
                {link.label}
              </a>
            ) : (
              <Link to={link.href} className={linkClass}>
                {link.label}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
