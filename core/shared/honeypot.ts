/** The hidden form field only bots fill in (the application and contact forms). */
export const HONEYPOT_FIELD = 'website';

/** Filled means any value but blank text: a person never sees the field. */
export function isHoneypotValueFilled(value: unknown): boolean {
  return typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null;
}

/** Whether a JSON body has the honeypot filled in. */
export function isHoneypotFilled(body: unknown): boolean {
  return (
    typeof body === 'object' &&
    body !== null &&
    isHoneypotValueFilled((body as Record<string, unknown>)[HONEYPOT_FIELD])
  );
}
