// How text is counted and clipped, apart from the zod schemas of text.ts: form controls use
// these, and a page whose fields only count (the blog's) then loads no zod.

/**
 * The one length: Unicode code points of the NFC form. Postgres `char_length` and Discord's
 * limits count the same way, so an emoji is 1, a flag (two regional indicators) 2, and an
 * e with a combining accent 1 once NFC has composed it. The form counters use this too.
 */
export function measureText(value: string): number {
  let count = 0;
  for (const _ of value.normalize('NFC')) count++;
  return count;
}

/**
 * `value` cut so that `measureText` is at most `max`, never inside a surrogate pair: what a form
 * control keeps when more is typed or pasted. The text itself is not normalised.
 */
export function clipText(value: string, max: number): string {
  if (measureText(value) <= max) return value;
  const points = Array.from(value).slice(0, max);
  while (points.length > 0 && measureText(points.join('')) > max) points.pop();
  return points.join('');
}
