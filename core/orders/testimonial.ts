import type { OrderState } from './order';

/**
 * A review as the public site shows it: the rating, the comment and a first name or username,
 * nothing else (no Discord id, no order, no avatar). Only reviews whose customer said yes to
 * publishing, and that no executive hid.
 */
export interface Testimonial {
  rating: number;
  comment: string;
  name: string;
}

/** Discord usernames are at most 32 characters; display names too. */
const NAME_MAX = 32;

export interface TestimonialAuthor {
  /** The customer's Discord display (global) name, when they set one. */
  displayName?: string | null;
  username: string;
}

/** "Alex Smith" → "Alex"; without a display name, the username. */
export function pickTestimonialName(author: TestimonialAuthor): string {
  const first = author.displayName?.trim().split(/\s+/u)[0] ?? '';
  const name = first || author.username.trim() || 'Customer';
  return [...name].slice(0, NAME_MAX).join('');
}

export function buildTestimonial(order: OrderState, author: TestimonialAuthor): Testimonial | null {
  const { review } = order;
  if (!review?.publish || review.hidden) return null;
  return { rating: review.rating, comment: review.comment, name: pickTestimonialName(author) };
}
