import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FOREIGN_NEXTS } from '../../../core/auth/foreign-nexts.fixture';
import type { SignInMethods, SignInStatus } from '../../../core/auth/sign-in';
import { ApiProvider } from '../data/use-api';
import SignInPage from './signin';

const methods: SignInMethods = { discord: true, links: true, bot: false };
const signedIn: SignInStatus = { signedIn: true, username: 'nova' };

/** The page as a signed-in member sees it at `/signin?next=<next>`. */
const render = (next: string) =>
  renderToStaticMarkup(
    <ApiProvider snapshot={{ '/api/auth/methods': methods, '/api/auth/session': signedIn }}>
      <StaticRouter location={`/signin?next=${encodeURIComponent(next)}`}>
        <SignInPage />
      </StaticRouter>
    </ApiProvider>,
  );

const hrefOf = (html: string, text: string) =>
  html.match(new RegExp(`<a href="([^"]*)"[^>]*>${text}</a>`))?.[1];

describe('the sign-in page', () => {
  it('continues to the page asked for, and carries it to Discord', () => {
    const html = render('/dashboard/orders?page=2');
    expect(hrefOf(html, 'Continue')).toBe('/dashboard/orders?page=2');
    expect(hrefOf(html, 'Sign in with Discord')).toBe(
      '/auth/discord?next=%2Fdashboard%2Forders%3Fpage%3D2',
    );
  });

  it.each(FOREIGN_NEXTS)('continues to the dashboard for %s', (_what, next) => {
    const html = render(next);
    expect(hrefOf(html, 'Continue')).toBe('/dashboard');
    expect(hrefOf(html, 'Sign in with Discord')).toBe('/auth/discord?next=%2Fdashboard');
  });
});
