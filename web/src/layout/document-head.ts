import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import type { PageHead } from '../../../core/site/routes';
import { matchPage } from '../app-routes';
import { useApiAnswers } from '../data/use-api';

/** Keeps the head the server rendered in step with client-side navigation. */
export function useDocumentHead() {
  const { pathname } = useLocation();
  const api = useApiAnswers();
  useEffect(() => {
    const { route, params } = matchPage(pathname);
    applyHead(route.head(params, api), pathname);
  }, [pathname, api]);
}

function applyHead(head: PageHead, pathname: string) {
  document.title = head.title;
  document.querySelector('meta[name="description"]')?.setAttribute('content', head.description);
  // Relative to the server's canonical URL (its PUBLIC_URL), not the host the visitor used.
  const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  canonical?.setAttribute('href', new URL(head.canonicalPath ?? pathname, canonical.href).href);
  let robots = document.querySelector('meta[name="robots"]');
  if (head.noindex && !robots) {
    robots = Object.assign(document.createElement('meta'), { name: 'robots', content: 'noindex' });
    document.head.append(robots);
  } else if (!head.noindex) robots?.remove();
}

/**
 * Moves focus to the new page after client-side navigation, so screen readers announce the
 * change (the first load keeps the browser's own focus). Runs once the page has rendered.
 */
export function useFocusPageOnNavigate() {
  const { pathname } = useLocation();
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const first = previous.current === null;
    if (previous.current === pathname) return;
    previous.current = pathname;
    if (first) return;
    const main = document.querySelector<HTMLElement>('#content main');
    const target = main?.querySelector<HTMLElement>('h1') ?? main;
    if (!target) return;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  }, [pathname]);
}
