import { describe, expect, it } from 'vitest';
import { flattenFieldErrors } from '../../../../core/shared/field-errors';
import { SITE_CONTENT_SCHEMAS } from '../../../../core/site/site-content-schema';
import { lineListError, rowErrors } from './field-paths';

describe('field paths', () => {
  it('gives each row its own errors, by the rest of their path', () => {
    const errors = { '0.title': 'A', '1.title': 'B', '1.features.2': 'C', '10.title': 'D', _: 'E' };
    expect(rowErrors(errors, 1)).toEqual({ title: 'B', 'features.2': 'C' });
    expect(rowErrors(errors, 0)).toEqual({ title: 'A' });
    expect(rowErrors(errors, 10)).toEqual({ title: 'D' });
    expect(rowErrors(errors, 2)).toEqual({});
  });

  it('says which line of a one-per-line list is wrong', () => {
    expect(lineListError({ 'features.2': 'Feature is required' }, 'features')).toBe(
      'Line 3: Feature is required',
    );
    expect(lineListError({ features: 'List at least one feature' }, 'features')).toBe(
      'List at least one feature',
    );
    expect(lineListError({ title: 'x' }, 'features')).toBeUndefined();
  });

  it('puts a refused plan’s errors beside the fields of its row, as the form shows them', () => {
    const result = SITE_CONTENT_SCHEMAS.pricing.safeParse([
      { title: 'Fine', price: 1, features: ['a'], popular: false },
      { title: '', price: Number.NaN, features: ['ok', ''], popular: false },
    ]);
    if (result.success) throw new Error('accepted');
    const second = rowErrors(flattenFieldErrors(result.error), 1);
    expect(second).toEqual({
      title: 'Title is required',
      price: 'Price: enter a whole number of Robux',
      'features.1': 'Feature is required',
    });
    expect(lineListError(second, 'features')).toBe('Line 2: Feature is required');
  });
});
