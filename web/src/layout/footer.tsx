import { Link } from 'react-router';
import { FOOTER, STUDIO_NAME } from '../../../core/site/site';
import { EmailLine } from '../components/email-line';
import { Icon } from '../components/icon';

const linkClass = 'text-muted hover:text-white';

export default function Footer() {
  return (
    <footer className="mt-24 border-t border-line bg-panel/40">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="lg:col-span-2">
          <p className="text-xl font-bold">{STUDIO_NAME}</p>
          <p className="mt-3 max-w-sm text-sm text-muted">{FOOTER.description}</p>
          <EmailLine text={FOOTER.contactLine} className="mt-4 text-sm text-muted" />
        </div>
        <FooterLinks title="Quick Links" links={FOOTER.quickLinks} />
        <FooterLinks title="Legal" links={FOOTER.legalLinks} />
      </div>
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 border-t border-line px-4 py-6 text-sm text-muted">
        <p>{FOOTER.copyright}</p>
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

function FooterLinks({
  title,
  links,
}: {
  title: string;
  links: readonly { label: string; href: string }[];
}) {
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{title}</h2>
      <ul className="mt-3 space-y-2 text-sm">
        {links.map((link) => (
          <li key={link.href}>
            {link.href.includes('#') ? (
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
