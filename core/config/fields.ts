import { z } from 'zod';

/** Text where empty means unset (a copied .env.example has `NAME=` lines). */
export const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

/** An optional Discord id: Discord's snowflakes are 17–20 decimal digits. */
export const snowflake = (what: string) =>
  optionalText.refine((value) => value === undefined || /^\d{17,20}$/.test(value), {
    message: `must be a Discord ${what} id (17–20 digits); copy it with Developer Mode on`,
  });
