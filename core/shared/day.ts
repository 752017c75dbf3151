import { z } from 'zod';

/** A calendar day as `YYYY-MM-DD` (UTC), as query strings and date inputs carry it. */
export const DaySchema = z
  .string({ error: 'Must be a date (YYYY-MM-DD)' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Must be a date (YYYY-MM-DD)' })
  .refine((day) => toDay(new Date(`${day}T00:00:00Z`)) === day, {
    error: 'Must be a date that exists',
  });

/** The UTC day of `at`. */
export function toDay(at: Date): string {
  return Number.isNaN(at.getTime()) ? '' : at.toISOString().slice(0, 10);
}

/** `day` plus `days` (negative to go back). */
export function addDays(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return toDay(at);
}
