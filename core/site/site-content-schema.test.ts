import { describe, expect, it } from 'vitest';
import { type FieldErrors, flattenFieldErrors } from '../shared/field-errors';
import { SITE_CONTENT_DEFAULTS, SITE_CONTENT_KEYS, type SiteContentKey } from './site-content';
import { SITE_CONTENT_SCHEMAS } from './site-content-schema';

// The dashboard shows each error beside its field, found by the path ("1.price" is the
// second plan's price), in the schema's own words: the same check runs in the browser and on
// the server, so both must say something a studio owner understands.

function errorsOf(key: SiteContentKey, value: unknown): FieldErrors {
  const result = SITE_CONTENT_SCHEMAS[key].safeParse(value);
  if (result.success) throw new Error(`${key} accepted ${JSON.stringify(value)}`);
  return flattenFieldErrors(result.error);
}

/** zod's own wording ("Invalid input: expected number, received NaN") is not for people. */
function expectWords(errors: FieldErrors) {
  for (const message of Object.values(errors)) {
    expect(message).not.toMatch(/invalid input|expected|received|Too (small|big)|NaN/i);
  }
}

const plan = { title: 'Moon', price: 100, features: ['One banner'], popular: false };

describe('site content schemas', () => {
  it('accept every default', () => {
    for (const key of SITE_CONTENT_KEYS) {
      expect(SITE_CONTENT_SCHEMAS[key].safeParse(SITE_CONTENT_DEFAULTS[key]).success).toBe(true);
    }
  });

  it('name a bad plan field by its row and field, in words', () => {
    const errors = errorsOf('pricing', [
      plan,
      { title: ' ', price: Number.NaN, features: ['ok', '', 'x'.repeat(101)], popular: 'yes' },
    ]);
    expect(errors).toEqual({
      '1.title': 'Title is required',
      '1.price': 'Price: enter a whole number of Robux',
      '1.features.1': 'Feature is required',
      '1.features.2': 'Feature must be at most 100 characters',
      '1.popular': 'Popular must be on or off',
    });
    expect(errorsOf('pricing', [{ ...plan, price: 1.5 }])).toEqual({
      '0.price': 'Price: enter a whole number of Robux',
    });
    expect(errorsOf('pricing', [{ ...plan, price: -1 }])).toEqual({
      '0.price': 'Price cannot be negative',
    });
    expect(errorsOf('pricing', [])).toEqual({ _: 'Keep at least one plan' });
  });

  it('check promo dates and say which day is wrong', () => {
    const promo = { id: 'a', text: 'Sale', startsOn: '2030-01-02', endsOn: '2030-01-01' };
    expect(errorsOf('promos', [promo])).toEqual({
      '0.endsOn': 'Ends on must be the start day or later',
    });
    const errors = errorsOf('promos', [{ ...promo, startsOn: '', endsOn: '2030-02-30', text: '' }]);
    expect(errors).toMatchObject({
      '0.text': 'Text is required',
      '0.startsOn': 'Starts on: pick a date (YYYY-MM-DD)',
      '0.endsOn': 'Ends on: pick a date (YYYY-MM-DD)',
    });
    expectWords(errors);
    expect(
      errorsOf(
        'promos',
        [promo, promo].map((one) => ({ ...one, endsOn: '2030-03-01' })),
      ),
    ).toEqual({ _: 'Each promo needs its own id' });
  });

  it('refuse an icon the site does not draw, and two services with one link name', () => {
    const service = { id: 'logos', icon: 'rocket', title: 'Logos', description: 'Crisp.' };
    expect(errorsOf('services', [{ ...service, icon: 'skull' }])).toEqual({
      '0.icon': "Icon: pick one of the site's icons",
    });
    expect(errorsOf('services', [service, { ...service, title: 'Other' }])).toEqual({
      _: 'Two services have the same link name: give each its own',
    });
    expect(errorsOf('services', [{ ...service, id: 'Logos & more' }])).toEqual({
      '0.id': 'Link name: 1–40 lowercase letters, digits or dashes',
    });
  });

  it('check the settings: an e-mail, an https invite and a real day', () => {
    const errors = errorsOf('settings', {
      supportEmail: 'support at studio',
      discordInviteUrl: 'http://discord.gg/x',
      legalLastUpdated: '19 March 2024',
    });
    expect(Object.keys(errors).sort()).toEqual([
      'discordInviteUrl',
      'legalLastUpdated',
      'supportEmail',
    ]);
    expectWords(errors);
    expect(
      SITE_CONTENT_SCHEMAS.settings.safeParse({
        supportEmail: 'help@moon.studio',
        discordInviteUrl: 'https://discord.gg/moon',
        legalLastUpdated: '2026-05-01',
      }).success,
    ).toBe(true);
  });

  it('take an optional card price of 100 R$ as an amount, or none', () => {
    const settings = {
      supportEmail: 'help@moon.studio',
      discordInviteUrl: 'https://discord.gg/moon',
      legalLastUpdated: '2026-05-01',
    };
    const parse = (cardPricePer100Robux: unknown) =>
      SITE_CONTENT_SCHEMAS.settings.safeParse({ ...settings, cardPricePer100Robux }).success;
    expect(parse('1.25')).toBe(true);
    expect(parse(null)).toBe(true);
    expect(parse(undefined)).toBe(true);
    expect(errorsOf('settings', { ...settings, cardPricePer100Robux: '1,25' })).toEqual({
      cardPricePer100Robux:
        'Card price of 100 R$: an amount such as 1.25 (in the card currency), or empty for none',
    });
  });

  it('say every stat problem in words', () => {
    expectWords(errorsOf('stats', [{ icon: 7, value: '', label: 'x'.repeat(41) }]));
  });
});
