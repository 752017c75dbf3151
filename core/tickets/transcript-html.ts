import { isImageFile } from './discord-markdown';
import { escapeHtml, renderDiscordMarkdownHtml, safeUrl } from './discord-markdown-html';
import type { Ticket } from './ticket';
import { ticketName } from './ticket-status';

/** One stored transcript message, as db/repositories/ticket-transcripts.ts returns it. */
interface TranscriptLine {
  authorDiscordId: string;
  authorName: string;
  authorIsBot: boolean;
  sentAt: Date;
  content: string;
  embedsText: string;
  attachments: { name: string; url: string }[];
}

function renderAttachment(file: { name: string; url: string }): string {
  const url = safeUrl(file.url);
  const name = escapeHtml(file.name);
  if (!url) return `<li>${name}</li>`;
  const shown = isImageFile(file.name)
    ? `<img src="${escapeHtml(url)}" alt="${name}" loading="lazy">`
    : name;
  return `<li><a href="${escapeHtml(url)}" rel="noopener noreferrer nofollow">${shown}</a></li>`;
}

function renderLine(line: TranscriptLine, names: (id: string) => string | undefined): string {
  const attachments = line.attachments.map(renderAttachment).join('');
  // The file reaches the customer (DM): names only, no Discord ids (MarkdownOptions).
  const text = (value: string) => renderDiscordMarkdownHtml(value, names, { showIds: false });
  return [
    `<article class="m${line.authorIsBot ? ' bot' : ''}">`,
    `<header><strong>${escapeHtml(line.authorName)}</strong>${line.authorIsBot ? ' <span class="tag">bot</span>' : ''} `,
    `<time datetime="${line.sentAt.toISOString()}">${line.sentAt.toISOString().replace('T', ' ').slice(0, 19)} UTC</time></header>`,
    line.content ? `<p>${text(line.content)}</p>` : '',
    line.embedsText ? `<blockquote>${text(line.embedsText)}</blockquote>` : '',
    attachments ? `<ul>${attachments}</ul>` : '',
    '</article>',
  ].join('');
}

/**
 * A closed ticket's transcript as one self-contained HTML file (no scripts, no remote styles:
 * a Content-Security-Policy meta forbids both). Messages read as Discord showed them: markdown
 * styled and mentions by name (`names`: id → name, db/repositories/ticket-transcripts.ts
 * `transcriptNames`), images as thumbnails linking to the full image. Every piece of user text
 * is escaped, so a message holding `<script>` shows as text.
 */
export function renderTranscriptHtml(
  ticket: Ticket,
  lines: TranscriptLine[],
  names: Record<string, string> = {},
): string {
  const nameOf = (id: string) => (Object.hasOwn(names, id) ? names[id] : undefined);
  const title = `${ticketName(ticket.id)} · ${ticket.serviceLabel}`;
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src https:">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    '<style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1f1f24}',
    '.m{border-bottom:1px solid #e4e4ea;padding:.5rem 0}.m p{white-space:pre-wrap;margin:.25rem 0}',
    '.bot{background:#f6f4fb}.tag,time{color:#5c5c66;font-size:.8rem}blockquote{white-space:pre-wrap;border-left:3px solid #b19cd9;margin:.25rem 0;padding-left:.5rem}',
    '.mention{background:#ece6fa;border-radius:3px;padding:0 2px}code{background:#efeff3;border-radius:3px;padding:0 3px}',
    'ul{list-style:none;padding:0}img{max-height:10rem;max-width:15rem;border:1px solid #e4e4ea;border-radius:4px}</style>',
    '</head><body>',
    `<h1>${escapeHtml(title)}</h1>`,
    `<p>Customer ${escapeHtml(ticket.customerDiscordId)} · opened ${ticket.createdAt.toISOString()}`,
    ticket.closedAt ? ` · closed ${ticket.closedAt.toISOString()}` : '',
    ticket.closeReason ? ` · ${escapeHtml(ticket.closeReason)}` : '',
    `</p><p>Request: ${escapeHtml(ticket.request)}</p>`,
    `<main>${lines.map((line) => renderLine(line, nameOf)).join('\n')}</main>`,
    `<footer><p>${lines.length} messages.</p></footer></body></html>`,
  ].join('');
}
