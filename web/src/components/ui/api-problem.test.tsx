import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ApiError, type ApiState } from '../../data/api-store';
import { ApiProblem } from './api-problem';

const show = (state: ApiState<unknown>) =>
  renderToStaticMarkup(
    <StaticRouter location="/staff/orders?page=2">
      <ApiProblem state={state} loading="Loading orders…" failed="The orders could not be loaded" />
    </StaticRouter>,
  );

describe('ApiProblem', () => {
  it('shows nothing once ready, the loading text while loading', () => {
    expect(show({ status: 'ready', data: [] })).toBe('');
    expect(show({ status: 'loading' })).toContain('Loading orders…');
  });

  it('offers to sign in and come back here when signed out', () => {
    const html = show({ status: 'signed-out', error: new ApiError(401, 'Sign in first') });
    expect(html).toContain('role="alert"');
    expect(html).toContain('href="/signin?next=%2Fstaff%2Forders%3Fpage%3D2"');
  });

  it('says plainly when access is refused, and shows any other error with its message', () => {
    expect(show({ status: 'forbidden', error: new ApiError(403, 'x') })).toContain(
      'You don&#x27;t have access to this.',
    );
    expect(show({ status: 'error', error: new ApiError(500, 'Database down') })).toContain(
      'The orders could not be loaded: Database down',
    );
  });
});
