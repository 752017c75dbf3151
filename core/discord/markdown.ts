/**
 * Makes user text show in Discord exactly as typed: every character Discord's markdown gives a
 * meaning to (bold, italics, underline, strike, spoilers, code, quotes, headings, lists, masked
 * links, mentions and custom emoji in angle brackets) gets a backslash, which Discord hides.
 * allowed_mentions stops pings; this stops `a__b__c`, `||x||` or `# title` changing the look.
 */
export function escapeMarkdown(text: string): string {
  return (
    text
      // Anywhere in a line: emphasis, code, spoilers, masked links, <@mentions> and <t:…>.
      .replace(/[\\*_~`|[\]<>]/g, '\\$&')
      // At the start of a line: headings, -# subtext and lists (quotes are escaped above).
      .replace(
        /^([ \t]*)([#+-]|\d+\.)/gm,
        (_match, indent: string, mark: string) => `${indent}${mark.replace(/[#+.-]/, '\\$&')}`,
      )
  );
}

/** True when `text` ends in a backslash that escapes whatever follows it. */
export function endsInEscape(text: string): boolean {
  let run = 0;
  for (let i = text.length - 1; i >= 0 && text[i] === '\\'; i -= 1) run += 1;
  return run % 2 === 1;
}
