import { z } from 'zod';

// One list contract for every list the API returns (blog posts; applications and contact
// messages for the dashboard). Keyset pagination: `nextCursor` names the position after the
// last item, so a row added while someone pages never shifts the pages they see.

export function PageSchema<Item extends z.ZodType>(item: Item) {
  return z.object({
    items: z.array(item),
    /** Opaque; null on the last page. */
    nextCursor: z.string().nullable(),
    /** How many items all pages hold together, when the list counts them. */
    total: z.number().int().nonnegative().optional(),
    /** True when `total` is an estimate rather than a count. */
    totalIsEstimate: z.boolean().optional(),
  });
}

export type Page<Item> = {
  items: Item[];
  nextCursor: string | null;
  total?: number;
  totalIsEstimate?: boolean;
};

const CURSOR_MAX_LENGTH = 512;
const INVALID_CURSOR = 'Cursor is not valid';

function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(value: string): string {
  const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder('utf-8', { fatal: true }).decode(
    Uint8Array.from(binary, (char) => char.charCodeAt(0)),
  );
}

/** The cursor for the position after `keyset`: base64url of its JSON, opaque to clients. */
export function encodeCursor(keyset: unknown): string {
  return toBase64Url(JSON.stringify(keyset));
}

/**
 * Reads a cursor back and checks it against `keyset`, so a cursor that was edited or made up
 * is a 400, never a query the database refuses.
 */
export function CursorSchema<Keyset extends z.ZodType>(keyset: Keyset) {
  return z
    .string({ error: INVALID_CURSOR })
    .max(CURSOR_MAX_LENGTH, { error: INVALID_CURSOR })
    .regex(/^[A-Za-z0-9_-]+$/, { error: INVALID_CURSOR })
    .transform((cursor, ctx): z.output<Keyset> => {
      let position: unknown;
      try {
        position = JSON.parse(fromBase64Url(cursor));
      } catch {
        position = undefined;
      }
      // Any problem is the cursor's: its inside is nobody's business but ours.
      const parsed = keyset.safeParse(position);
      if (parsed.success) return parsed.data;
      ctx.issues.push({ code: 'custom', message: INVALID_CURSOR, input: cursor });
      return z.NEVER;
    });
}

/** `?limit=&cursor=` of a list endpoint. */
export function PageQuerySchema<Cursor extends z.ZodType>(
  cursor: Cursor,
  { defaultLimit, maxLimit }: { defaultLimit: number; maxLimit: number },
) {
  return z.object({
    limit: z.coerce
      .number({ error: 'Limit must be a number' })
      .int({ error: 'Limit must be a whole number' })
      .min(1, { error: 'Limit must be at least 1' })
      .max(maxLimit, { error: `Limit must be at most ${maxLimit}` })
      .default(defaultLimit),
    cursor: cursor.optional(),
  });
}

/** Postgres `integer` ids: anything past this is not an id of ours. */
export const KeysetIdSchema = z.number().int().min(1).max(2_147_483_647);
