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

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text as HTML text or attribute value: every character HTML gives a meaning to, escaped. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

/** Only http(s) links become links; anything else (javascript:, data:) is shown as text. */
function safeUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

function renderLine(line: TranscriptLine): string {
  const attachments = line.attachments
    .map((file) => {
      const url = safeUrl(file.url);
      const name = escapeHtml(file.name);
      return url
        ? `<li><a href="${escapeHtml(url)}" rel="noopener noreferrer">${name}</a></li>`
        : `<li>${name}</li>`;
    })
    .join('');
  return [
    `<article class="m${line.authorIsBot ? ' bot' : ''}">`,
    `<header><strong>${escapeHtml(line.authorName)}</strong> <span class="id">${escapeHtml(line.authorDiscordId)}</span> `,
    `<time datetime="${line.sentAt.toISOString()}">${line.sentAt.toISOString().replace('T', ' ').slice(0, 19)} UTC</time></header>`,
    line.content ? `<p>${escapeHtml(line.content)}</p>` : '',
    line.embedsText ? `<blockquote>${escapeHtml(line.embedsText)}</blockquote>` : '',
    attachments ? `<ul>${attachments}</ul>` : '',
    '</article>',
  ].join('');
}

/**
 * A closed ticket's transcript as one self-contained HTML file (no scripts, no remote styles:
 * a Content-Security-Policy meta forbids both). Every piece of user text is escaped, so a
 * message holding `<script>` shows as text.
 */
export function renderTranscriptHtml(ticket: Ticket, lines: TranscriptLine[]): string {
  const title = `${ticketName(ticket.id)} · ${ticket.serviceLabel}`;
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src https:">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    '<style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1f1f24}',
    '.m{border-bottom:1px solid #e4e4ea;padding:.5rem 0}.m p{white-space:pre-wrap;margin:.25rem 0}',
    '.bot{background:#f6f4fb}.id,time{color:#5c5c66;font-size:.8rem}blockquote{white-space:pre-wrap;border-left:3px solid #b19cd9;margin:.25rem 0;padding-left:.5rem}</style>',
    '</head><body>',
    `<h1>${escapeHtml(title)}</h1>`,
    `<p>Customer ${escapeHtml(ticket.customerDiscordId)} · opened ${ticket.createdAt.toISOString()}`,
    ticket.closedAt ? ` · closed ${ticket.closedAt.toISOString()}` : '',
    ticket.closeReason ? ` · ${escapeHtml(ticket.closeReason)}` : '',
    `</p><p>Request: ${escapeHtml(ticket.request)}</p>`,
    `<main>${lines.map(renderLine).join('\n')}</main>`,
    `<footer><p>${lines.length} messages.</p></footer></body></html>`,
  ].join('');
}
