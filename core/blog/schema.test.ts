import { describe, expect, it } from 'vitest';
import { BlogPasscodeSchema, BlogPostInputSchema } from './schema';

describe('blog schemas', () => {
  it('trims a post and bounds title and content', () => {
    expect(BlogPostInputSchema.parse({ title: ' Hi ', content: ' Body ' })).toEqual({
      title: 'Hi',
      content: 'Body',
    });
    expect(
      BlogPostInputSchema.safeParse({ title: '', content: 'x' }).error?.issues[0]?.message,
    ).toBe('Title is required');
    expect(BlogPostInputSchema.safeParse({ title: 't'.repeat(201), content: 'x' }).success).toBe(
      false,
    );
    expect(BlogPostInputSchema.safeParse({ title: 't', content: 'c'.repeat(20000) }).success).toBe(
      true,
    );
    expect(BlogPostInputSchema.safeParse({ title: 't', content: 'c'.repeat(20001) }).success).toBe(
      false,
    );
  });

  it('keeps a passcode exactly as typed, within 1..200', () => {
    expect(BlogPasscodeSchema.parse(' secret ')).toBe(' secret ');
    expect(BlogPasscodeSchema.safeParse('').success).toBe(false);
    expect(BlogPasscodeSchema.safeParse('p'.repeat(201)).success).toBe(false);
  });
});
