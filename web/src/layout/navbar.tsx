import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import {
  buildHiringLinks,
  buildNavLinks,
  HIRING_LABEL,
  SCROLL_THRESHOLD_PX,
} from '../../../core/site/site';
import { Icon } from '../components/icon';
import { buttonClass } from '../components/ui/button';
import { useSiteSettings } from '../data/site-settings';
import { NavItem } from './nav-item';
import { NavMenu } from './nav-menu';
import { ServicesMenu } from './services-menu';

export function Navbar() {
  const { discordInviteUrl, portfolioUsername, services: serviceLinks } = useSiteSettings();
  const links = buildNavLinks(portfolioUsername, serviceLinks);
  const [scrolled, setScrolled] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  useEffect(() => {
    const update = () => setScrolled(window.scrollY > SCROLL_THRESHOLD_PX);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);

  // Any navigation (path or hash) closes the mobile menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on location change on purpose
  useEffect(() => setMenuOpen(false), [location.pathname, location.hash]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  const [services, ...rest] = links;
  const hiring = buildHiringLinks(discordInviteUrl);
  const close = () => setMenuOpen(false);
  const joinLunar = (
    <a
      href={discordInviteUrl}
      target="_blank"
      rel="noopener noreferrer"
      className={buttonClass('primary', 'sm')}
    >
      Join Lunar
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );

  return (
    <header
      data-scrolled={scrolled}
      className={`fixed inset-x-0 top-0 z-40 border-b transition-colors ${
        scrolled || menuOpen ? 'border-line bg-ink' : 'border-transparent bg-transparent'
      }`}
    >
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4">
        <Link to="/" className="mr-auto flex items-center gap-2 text-xl font-bold">
          <span
            aria-hidden="true"
            className="size-7 rounded-full bg-gradient-to-br from-lavender-strong to-lavender/30 shadow-[inset_-6px_-4px_0_rgba(11,10,18,.55)]"
          />
          Lunar
        </Link>
        <ul className="hidden items-center gap-1 lg:flex">
          {services && (
            <li>
              <ServicesMenu link={services} />
            </li>
          )}
          {rest.map((link) => (
            <li key={link.label}>
              <NavItem link={link} />
            </li>
          ))}
        </ul>
        <div className="hidden gap-2 lg:flex">
          <NavMenu
            label={HIRING_LABEL}
            items={hiring}
            align="right"
            buttonClassName={buttonClass('secondary', 'sm')}
          />
          {joinLunar}
        </div>
        <button
          ref={toggle}
          type="button"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen((open) => !open)}
          className="rounded-md p-2 lg:hidden"
        >
          <Icon name={menuOpen ? 'x' : 'menu'} className="size-6" />
          <span className="sr-only">{menuOpen ? 'Close menu' : 'Open menu'}</span>
        </button>
      </nav>
      <div
        id="mobile-menu"
        hidden={!menuOpen}
        className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-line px-4 pb-4 lg:hidden"
      >
        <ul className="py-2">
          {links.map((link) => (
            <li key={link.label}>
              <NavItem link={link} onNavigate={close} />
              {link.children && (
                <ul className="ml-4 border-l border-line">
                  {link.children.map((child) => (
                    <li key={child.href}>
                      <NavItem link={child} onNavigate={close} />
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
        <p id="mobile-hiring" className="px-3 pt-2 text-sm font-semibold text-white">
          {HIRING_LABEL}
        </p>
        <ul aria-labelledby="mobile-hiring" className="mb-4 ml-4 border-l border-line">
          {hiring.map((link) => (
            <li key={link.href}>
              <NavItem link={link} onNavigate={close} />
            </li>
          ))}
        </ul>
        {joinLunar}
      </div>
    </header>
  );
}
