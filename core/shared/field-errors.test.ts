import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { flattenFieldErrors } from './field-errors';

describe('flattenFieldErrors', () => {
  it('keeps the first message per field path, and names the whole value "_"', () => {
    const Schema = z.object({
      name: z.string().min(3, { error: 'too short' }).regex(/^a/, { error: 'must start with a' }),
      about: z.object({ age: z.number({ error: 'age must be a number' }) }),
    });
    const result = Schema.safeParse({ name: 'b', about: { age: 'x' } });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(flattenFieldErrors(result.error)).toEqual({
      name: 'too short',
      'about.age': 'age must be a number',
    });
    const whole = z.string({ error: 'text please' }).safeParse(1);
    if (whole.success) throw new Error('parsed');
    expect(flattenFieldErrors(whole.error)).toEqual({ _: 'text please' });
  });
});
