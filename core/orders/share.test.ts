import { describe, expect, it } from 'vitest';
import { ORDER_PRICE_MAX } from './options';
import { designerShare, sharePercent } from './share';

// Reference on BigInt, independent of share.ts: subtract the remainder, then divide exactly.
function referenceShare(price: number, percent: bigint): bigint {
  const scaled = BigInt(price) * percent;
  return (scaled - (scaled % 100n)) / 100n;
}

describe('designerShare', () => {
  it('pays 90% with QC passed and 80% without, rounding down', () => {
    expect(sharePercent(true)).toBe(90);
    expect(sharePercent(false)).toBe(80);
    expect(designerShare(1000, true)).toBe(900);
    expect(designerShare(1000, false)).toBe(800);
    expect(designerShare(1749, true)).toBe(1574); // 1574.1
    expect(designerShare(1749, false)).toBe(1399); // 1399.2
    expect(designerShare(9, true)).toBe(8); // 8.1
    expect(designerShare(1, true)).toBe(0);
    expect(designerShare(ORDER_PRICE_MAX, true)).toBe(900_000);
  });

  it('matches the BigInt reference for every price 1..1,000,000', () => {
    for (let price = 1; price <= ORDER_PRICE_MAX; price++) {
      if (BigInt(designerShare(price, true)) !== referenceShare(price, 90n)) {
        throw new Error(`designerShare(${price}, true)`);
      }
      if (BigInt(designerShare(price, false)) !== referenceShare(price, 80n)) {
        throw new Error(`designerShare(${price}, false)`);
      }
    }
  });

  it('never pays more than the percentage and loses less than 1 R$', () => {
    for (let price = 1; price <= ORDER_PRICE_MAX; price += 7) {
      const share = designerShare(price, true);
      if (share * 100 > price * 90 || (share + 1) * 100 <= price * 90) {
        throw new Error(`rounding of ${price}`);
      }
    }
  });

  it.each([0, -5, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])('rejects %s', (bad) => {
    expect(() => designerShare(bad, true)).toThrow(RangeError);
    expect(() => designerShare(bad, false)).toThrow(RangeError);
  });

  it('stays exact for the largest safe price', () => {
    expect(designerShare(Number.MAX_SAFE_INTEGER, true)).toBe(8_106_479_329_266_891);
  });
});
