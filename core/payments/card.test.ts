import { describe, expect, it } from 'vitest';
import { cardPriceForRobux, formatCardAmount, parseCardPrice } from './card';

describe('card prices', () => {
  it('reads staff’s amounts into the currency’s minor unit', () => {
    expect(parseCardPrice('15', 'usd')).toEqual({ ok: true, amount: 1500 });
    expect(parseCardPrice(' 12.5 ', 'usd')).toEqual({ ok: true, amount: 1250 });
    expect(parseCardPrice('$12.50', 'usd')).toEqual({ ok: true, amount: 1250 });
    expect(parseCardPrice('1500', 'jpy')).toEqual({ ok: true, amount: 1500 });
  });

  it('refuses what is not an amount, in words', () => {
    expect(parseCardPrice('12,50', 'usd')).toEqual({
      ok: false,
      message: 'The card price must be an amount in USD such as 15 or 12.50.',
    });
    expect(parseCardPrice('1.505', 'eur').ok).toBe(false);
    expect(parseCardPrice('-3', 'usd').ok).toBe(false);
    expect(parseCardPrice('0.10', 'usd')).toEqual({
      ok: false,
      message: 'The card price must be between $0.50 and $100,000.00.',
    });
    expect(parseCardPrice('12.5', 'jpy').ok).toBe(false);
  });

  it('formats per currency', () => {
    expect(formatCardAmount(1500, 'usd')).toBe('$15.00');
    expect(formatCardAmount(1250, 'eur')).toBe('€12.50');
    expect(formatCardAmount(1500, 'jpy')).toBe('¥1,500');
  });

  it('prices an order from the card price of 100 R$, rounded up', () => {
    expect(cardPriceForRobux(700, 125)).toBe(875);
    expect(cardPriceForRobux(333, 100)).toBe(333);
    expect(cardPriceForRobux(1, 125)).toBe(2);
  });
});
