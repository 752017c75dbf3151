import { describe, expect, it } from 'vitest';
import { loggableUrl } from './loggable-url';

describe('loggableUrl', () => {
  it('keeps a path without a query as it is', () => {
    expect(loggableUrl('/blog/launch')).toBe('/blog/launch');
    expect(loggableUrl('/api/staff/orders')).toBe('/api/staff/orders');
  });

  it('redacts the token of a one-time sign-in link', () => {
    expect(loggableUrl('/auth/link/AbC-123_xyz')).toBe('/auth/link/[redacted]');
    expect(loggableUrl('/auth/link/AbC?next=%2Fdashboard')).toBe(
      '/auth/link/[redacted]?next=[redacted]',
    );
  });

  it('keeps the keys of a query and redacts every value', () => {
    expect(loggableUrl('/api/staff/applications?q=nova%20designs&status=pending')).toBe(
      '/api/staff/applications?q=[redacted]&status=[redacted]',
    );
    expect(loggableUrl('/auth/discord/callback?code=s3cret&state=abc')).toBe(
      '/auth/discord/callback?code=[redacted]&state=[redacted]',
    );
    expect(loggableUrl('/dashboard/orders?customer=jordan%40example.com')).toBe(
      '/dashboard/orders?customer=[redacted]',
    );
  });

  it('drops an empty query', () => {
    expect(loggableUrl('/contact?')).toBe('/contact');
  });
});
