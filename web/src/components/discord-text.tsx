import type { ReactNode } from 'react';
import {
  isImageFile,
  type MarkdownStyle,
  parseDiscordMarkdown,
} from '../../../core/tickets/discord-markdown';

// A Discord message as Discord shows it (core/tickets/discord-markdown.ts, the one reading the
// dashboard, "Your orders" and the HTML file share): markdown styled, mentions by name (in the
// dashboard the id on hover; customers see names only), bare http(s) addresses as links. Every
// piece is a text node: nothing a customer typed becomes markup.

const WRAP: Record<MarkdownStyle, (child: ReactNode) => ReactNode> = {
  bold: (child) => <strong>{child}</strong>,
  italic: (child) => <em>{child}</em>,
  underline: (child) => <u>{child}</u>,
  strike: (child) => <s>{child}</s>,
  code: (child) => (
    <code className="rounded bg-white/10 px-1 font-mono text-[0.95em]">{child}</code>
  ),
};

export function DiscordText({
  text,
  names,
  showIds = true,
}: {
  text: string;
  names: Record<string, string>;
  /** False where customers read: no Discord ids, not even on hover. */
  showIds?: boolean;
}) {
  const pieces = parseDiscordMarkdown(
    text,
    (id) => (Object.hasOwn(names, id) ? names[id] : undefined),
    { showIds },
  );
  return (
    <>
      {pieces.map((piece, index) => {
        const inner =
          piece.kind === 'mention' ? (
            <span
              title={showIds ? `Discord id ${piece.id}` : undefined}
              className="rounded bg-lavender/20 px-0.5"
            >
              {piece.text}
            </span>
          ) : piece.kind === 'link' ? (
            <a href={piece.href} rel="noopener noreferrer nofollow" className="break-all underline">
              {piece.text}
            </a>
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

/** An attachment: an image as a thumbnail linking to the full image, a file by its name. */
export function TranscriptAttachment({ file }: { file: { name: string; url: string } }) {
  if (!/^https?:\/\//.test(file.url)) return <>{file.name}</>;
  return (
    <a href={file.url} rel="noopener noreferrer nofollow" className="break-all underline">
      {isImageFile(file.name) ? (
        <img
          src={file.url}
          alt={file.name}
          loading="lazy"
          className="max-h-40 max-w-60 rounded border border-line"
        />
      ) : (
        file.name
      )}
    </a>
  );
}
