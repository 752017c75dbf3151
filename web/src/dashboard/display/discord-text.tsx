import type { ReactNode } from 'react';
import {
  type MarkdownStyle,
  parseDiscordMarkdown,
} from '../../../../core/tickets/discord-markdown';

// A Discord message as Discord shows it: markdown styled, mentions by name (the id on hover).
// Every piece is a text node: nothing a customer typed becomes markup.

const WRAP: Record<MarkdownStyle, (child: ReactNode) => ReactNode> = {
  bold: (child) => <strong>{child}</strong>,
  italic: (child) => <em>{child}</em>,
  underline: (child) => <u>{child}</u>,
  strike: (child) => <s>{child}</s>,
  code: (child) => (
    <code className="rounded bg-white/10 px-1 font-mono text-[0.95em]">{child}</code>
  ),
};

export function DiscordText({ text, names }: { text: string; names: Record<string, string> }) {
  const pieces = parseDiscordMarkdown(text, (id) => names[id]);
  return (
    <>
      {pieces.map((piece, index) => {
        const inner =
          piece.kind === 'mention' ? (
            <span title={`Discord id ${piece.id}`} className="rounded bg-lavender/20 px-0.5">
              {piece.text}
            </span>
          ) : (
            piece.text
          );
        const styled = piece.styles.reduceRight<ReactNode>(
          (child, style) => WRAP[style](child),
          inner,
        );
        // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text never reorder
        return <span key={index}>{styled}</span>;
      })}
    </>
  );
}
