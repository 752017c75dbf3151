// A Discord message's text as pieces to render (transcripts in the dashboard): the markdown
// Discord shows (bold, italics, underline, strikethrough, code) and mentions as names. Pieces,
// not HTML: whoever renders them writes text nodes, so nothing a customer typed becomes markup.

export type MarkdownStyle = 'bold' | 'italic' | 'underline' | 'strike' | 'code';
export type MarkdownPiece =
  | { kind: 'text'; text: string; styles: MarkdownStyle[] }
  | { kind: 'mention'; text: string; id: string; styles: MarkdownStyle[] };

const MARKERS: [string, MarkdownStyle][] = [
  ['**', 'bold'],
  ['__', 'underline'],
  ['~~', 'strike'],
  ['*', 'italic'],
  ['_', 'italic'],
];
const MENTION = /^<(@!?|@&|#)(\d{17,20})>/;
const ESCAPABLE = /^\\([\\*_~`|<>#@:[\]()-])/;

/** `names` maps user ids to names; an unknown id shows as itself. */
export function parseDiscordMarkdown(
  text: string,
  names: (id: string) => string | undefined,
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
          sigil === '#' ? `#${id}` : sigil === '@&' ? `@role ${id}` : `@${names(id) ?? id}`;
        pieces.push({ kind: 'mention', text: label, id, styles });
        index += mention[0].length;
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
