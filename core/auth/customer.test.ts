import { describe, expect, it } from 'vitest';
import { customerSignInHref, safeCustomerNextPath, withSignInError } from './customer';

describe('customer sign-in paths', () => {
  it('returns only to a page of this site, the orders page otherwise', () => {
    expect(safeCustomerNextPath('/order/plan/basic-design')).toBe('/order/plan/basic-design');
    for (const bad of [
      '//evil.example',
      'https://evil.example/',
      '/\\evil',
      '/api/x',
      '/auth/customer',
      7,
    ]) {
      expect(safeCustomerNextPath(bad)).toBe('/orders');
    }
    expect(customerSignInHref('/order/service/banners')).toBe(
      '/auth/customer?next=%2Forder%2Fservice%2Fbanners',
    );
  });

  it('adds the failure code to the page it returns to, keeping its query', () => {
    expect(withSignInError('/order/plan/x?a=1', 'denied')).toBe('/order/plan/x?a=1&signin=denied');
    expect(withSignInError('//evil.example', 'state')).toBe('/orders?signin=state');
  });
});
