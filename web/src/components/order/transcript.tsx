import type { CustomerTranscriptLine } from '../../../../core/tickets/customer-view';
import { DiscordText, TranscriptAttachment } from '../discord-text';

const time = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/**
 * A closed ticket's conversation as Discord showed it: markdown styled, mentions by name (no
 * Discord ids: `names` comes from the server), images as thumbnails. Every part is rendered as
 * text (React escapes it): what people typed in Discord never becomes markup here. Attachment
 * links are Discord's CDN URLs, kept only when they are http(s).
 */
export function Transcript({
  lines,
  names,
}: {
  lines: CustomerTranscriptLine[];
  names: Record<string, string>;
}) {
  if (lines.length === 0) return <p className="mt-4 text-muted">The ticket had no messages.</p>;
  return (
    <ol className="mt-4 space-y-4">
      {lines.map((line, index) => (
        // Lines never reorder; the index is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: a transcript is fixed once stored
        <li key={index} className="rounded-lg border border-line bg-ink/40 p-3">
          <p className="text-sm">
            <strong>{line.authorName}</strong>
            {line.authorIsBot && <span className="ml-2 text-xs text-muted">bot</span>}
            <time dateTime={line.sentAt} className="ml-2 text-xs text-muted">
              {time(line.sentAt)}
            </time>
          </p>
          {line.content && (
            <p className="mt-1 break-words whitespace-pre-wrap">
              <DiscordText text={line.content} names={names} showIds={false} />
            </p>
          )}
          {line.embedsText && (
            <p className="mt-1 border-l-2 border-lavender/60 pl-3 text-sm break-words whitespace-pre-wrap text-muted">
              <DiscordText text={line.embedsText} names={names} showIds={false} />
            </p>
          )}
          {line.attachments.length > 0 && (
            <ul className="mt-1 text-sm">
              {line.attachments.map((file) => (
                <li key={`${file.name}-${file.url}`} className="mt-1">
                  <TranscriptAttachment file={file} />
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}
