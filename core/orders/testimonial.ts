import { z } from 'zod';
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

/**
 * The stored signature of a review (`pickTestimonialName`'s result): at most 32 characters,
 * which is up to 64 UTF-16 units when they are emoji.
 */
export const TestimonialNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(NAME_MAX * 2);

/** The home page shows this many; `GET /api/testimonials?limit=` may ask for 1 to the max. */
const TESTIMONIALS_ON_HOME = 6;
const TESTIMONIALS_MAX = 12;

export const TestimonialsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(TESTIMONIALS_MAX).default(TESTIMONIALS_ON_HOME),
});

/** `GET /api/testimonials`: newest first; `id` is the review's, for keys and cache versions. */
export interface TestimonialsResponse {
  testimonials: Array<Testimonial & { id: number }>;
}

/** Signature of a review stored before names were kept. */
export const TESTIMONIAL_FALLBACK_NAME = 'Customer';

interface TestimonialAuthor {
  /** The customer's Discord display (global) name, when they set one. */
  displayName?: string | null;
  username: string;
}

/** "Alex Smith" → "Alex"; without a display name, the username. */
export function pickTestimonialName(author: TestimonialAuthor): string {
  const first = author.displayName?.trim().split(/\s+/u)[0] ?? '';
  const name = first || author.username.trim() || TESTIMONIAL_FALLBACK_NAME;
  return [...name].slice(0, NAME_MAX).join('');
}

export function buildTestimonial(order: OrderState, author: TestimonialAuthor): Testimonial | null {
  const { review } = order;
  if (!review?.publish || review.hidden) return null;
  return { rating: review.rating, comment: review.comment, name: pickTestimonialName(author) };
}
