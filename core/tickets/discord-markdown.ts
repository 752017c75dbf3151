// A Discord message's text as pieces to render (the one reading of a transcript: the dashboard,
// the customer's "Your orders" page and the HTML file): the markdown Discord shows (bold,
// italics, underline, strikethrough, code), mentions as names and bare http(s) addresses as
// links. Pieces, not HTML: whoever renders them writes text nodes (React) or escapes every
// character (discord-markdown-html.ts), so nothing a customer typed becomes markup. Masked
// links (`[text](url)`) and raw HTML stay text.

export type MarkdownStyle = 'bold' | 'italic' | 'underline' | 'strike' | 'code';
export type MarkdownPiece =
  | { kind: 'text'; text: string; styles: MarkdownStyle[] }
  | { kind: 'mention'; text: string; id: string; styles: MarkdownStyle[] }
  | { kind: 'link'; text: string; href: string; styles: MarkdownStyle[] };

export type MarkdownOptions = {
  /**
   * Whether ids may be shown: true in the dashboard (an unknown person, a role or a channel
   * by its id); false where customers read (then "@unknown member", "@role", "#channel").
   */
  showIds?: boolean;
};

const MARKERS: [string, MarkdownStyle][] = [
  ['**', 'bold'],
  ['__', 'underline'],
  ['~~', 'strike'],
  ['*', 'italic'],
  ['_', 'italic'],
];
const MENTION = /^<(@!?|@&|#)(\d{17,20})>/;
const ESCAPABLE = /^\\([\\*_~`|<>#@:[\]()-])/;
// A bare address as Discord links it: http(s) only, not ending in the punctuation around it.
const LINK = /^https?:\/\/[^\s<>"]*[^\s<>".,;:!?)\]'*_~]/;

/** `names` maps user ids to names; an unknown id shows as itself. */
export function parseDiscordMarkdown(
  text: string,
  names: (id: string) => string | undefined,
  { showIds = true }: MarkdownOptions = {},
): MarkdownPiece[] {
  const pieces: MarkdownPiece[] = [];
  const push = (value: string, styles: MarkdownStyle[]) => {
    const last = pieces.at(-1);
    if (last?.kind === 'text' && last.styles.join() === styles.join()) last.text += value;
    else pieces.push({ kind: 'text', text: value, styles });
  };

  function walk(source: string, styles: MarkdownStyle[]): void {
    let index = 0;
    while (index < source.length) {
      const rest = source.slice(index);
      const escaped = ESCAPABLE.exec(rest);
      if (escaped?.[1]) {
        push(escaped[1], styles);
        index += 2;
        continue;
      }
      const mention = MENTION.exec(rest);
      if (mention?.[1] && mention[2]) {
        const [sigil, id] = [mention[1], mention[2]];
        const label =
          sigil === '#'
            ? showIds
              ? `#${id}`
              : '#channel'
            : sigil === '@&'
              ? showIds
                ? `@role ${id}`
                : '@role'
              : `@${names(id) ?? (showIds ? id : 'unknown member')}`;
        pieces.push({ kind: 'mention', text: label, id, styles });
        index += mention[0].length;
        continue;
      }
      const link = LINK.exec(rest);
      if (link) {
        pieces.push({ kind: 'link', text: link[0], href: link[0], styles });
        index += link[0].length;
        continue;
      }
      const fence = rest.startsWith('```') ? '```' : rest.startsWith('`') ? '`' : null;
      if (fence) {
        const end = source.indexOf(fence, index + fence.length);
        if (end > index + fence.length) {
          let code = source.slice(index + fence.length, end);
          // A fenced block may name its language on the first line.
          if (fence === '```') code = code.replace(/^[a-z0-9+-]*\n/i, '');
          pieces.push({ kind: 'text', text: code, styles: [...styles, 'code'] });
          index = end + fence.length;
          continue;
        }
      }
      const marker = MARKERS.find(([mark]) => rest.startsWith(mark));
      if (marker) {
        const [mark, style] = marker;
        const end = source.indexOf(mark, index + mark.length);
        if (end > index + mark.length && !styles.includes(style)) {
          walk(source.slice(index + mark.length, end), [...styles, style]);
          index = end + mark.length;
          continue;
        }
      }
      push(source[index] as string, styles);
      index += 1;
    }
  }

  walk(text, []);
  return pieces;
}

/** Every user id the text mentions, to look their names up. */
export function mentionedIds(text: string): string[] {
  return [...text.matchAll(/<@!?(\d{17,20})>/g)].map((match) => match[1] as string);
}

/** An attachment shown as a thumbnail (linking to the full image), by its file's name. */
export function isImageFile(name: string): boolean {
  return /\.(png|jpe?g|gif|webp)$/i.test(name);
}
