// Card prices (docs/decisions/051-payments.md): typed by staff as an amount of CARD_CURRENCY
// ("15", "12.50"), stored and sent to Stripe in the currency's minor unit (cents), shown with
// Intl per currency ("$15.00", "€12.50").

/** The most a card price may be: far above any order, far below Stripe's own ceiling. */
export const CARD_PRICE_MAX = 100_000;
/** Stripe refuses charges under about half a unit in most currencies. */
export const CARD_PRICE_MIN = 0.5;

/** Digits after the point in `currency` (2 for usd, 0 for jpy), as Intl knows them. */
export function currencyDecimals(currency: string): number {
  return (
    new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: currency.toUpperCase(),
    }).resolvedOptions().maximumFractionDigits ?? 2
  );
}

export type CardPriceResult = { ok: true; amount: number } | { ok: false; message: string };

/** "12.50" in `currency` → 1250 (its minor unit); a clear message for anything else. */
export function parseCardPrice(text: string, currency: string): CardPriceResult {
  const decimals = currencyDecimals(currency);
  const value = text.trim().replace(/^[$€£]/, '');
  const shape = decimals > 0 ? new RegExp(`^\\d{1,6}(\\.\\d{1,${decimals}})?$`) : /^\d{1,9}$/;
  const example = decimals > 0 ? '15 or 12.50' : '1500';
  if (!shape.test(value)) {
    return {
      ok: false,
      message: `The card price must be an amount in ${currency.toUpperCase()} such as ${example}.`,
    };
  }
  const [whole = '0', fraction = ''] = value.split('.');
  const amount = Number(whole) * 10 ** decimals + Number(fraction.padEnd(decimals, '0') || 0);
  const units = amount / 10 ** decimals;
  if (units < CARD_PRICE_MIN || units > CARD_PRICE_MAX) {
    return {
      ok: false,
      message: `The card price must be between ${formatCardAmount(CARD_PRICE_MIN * 10 ** decimals, currency)} and ${formatCardAmount(CARD_PRICE_MAX * 10 ** decimals, currency)}.`,
    };
  }
  return { ok: true, amount };
}

/** 1500 minor units of usd → "$15.00". */
export function formatCardAmount(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
  }).format(amount / 10 ** currencyDecimals(currency));
}

/**
 * The card price from the studio's "card price of 100 R$": for the Robux the studio receives
 * (no Roblox fee on a card), rounded up to the minor unit.
 */
export function cardPriceForRobux(priceRobux: number, per100Robux: number): number {
  return Math.ceil((priceRobux * per100Robux) / 100);
}
