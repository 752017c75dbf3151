import { describe, expect, it } from 'vitest';
import { designerShare, netForPrice, priceForNet } from './tax';

describe('tax', () => {
  it('matches worked examples', () => {
    expect(priceForNet(700)).toBe(1000);
    expect(priceForNet(1)).toBe(2);
    expect(priceForNet(750)).toBe(1072);
    expect(netForPrice(1000)).toBe(700);
    expect(netForPrice(1072)).toBe(750);
    expect(netForPrice(1)).toBe(0);
  });

  it('charges the smallest price that yields the amount, for every amount 1..100000', () => {
    for (let amount = 1; amount <= 100_000; amount++) {
      const price = priceForNet(amount);
      if (netForPrice(price) < amount)
        throw new Error(`price ${price} yields too little for ${amount}`);
      if (price > 1 && netForPrice(price - 1) >= amount) {
        throw new Error(`price ${price - 1} would already yield ${amount}`);
      }
    }
  });

  it('stays exact near the largest safe integers', () => {
    const big = 900_719_925_474_099; // 10·big is past 2^53, which floating point would round
    expect(priceForNet(big)).toBe(1_286_742_750_677_285);
    expect(netForPrice(Number.MAX_SAFE_INTEGER)).toBe(6_305_039_478_318_693);
    expect(() => priceForNet(Number.MAX_SAFE_INTEGER)).toThrow(RangeError);
  });

  it('pays designers 90% with QC and 80% without, rounding down', () => {
    expect(designerShare(1000, true)).toBe(900);
    expect(designerShare(1000, false)).toBe(800);
    expect(designerShare(1749, true)).toBe(1574);
    expect(designerShare(1749, false)).toBe(1399);
    expect(designerShare(1, true)).toBe(0);
  });

  it.each([0, -5, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])('rejects %s', (bad) => {
    expect(() => priceForNet(bad)).toThrow(RangeError);
    expect(() => netForPrice(bad)).toThrow(RangeError);
    expect(() => designerShare(bad, true)).toThrow(RangeError);
  });
});
