import { z } from 'zod';

/**
 * A moment in time: a Date in the process, an ISO 8601 string in JSON (which is what
 * `JSON.stringify` makes of a Date), so one schema reads both a row and an API answer.
 */
export const DateTimeSchema = z.coerce.date({ error: 'Must be a date and time' });
