import { type MarkdownOptions, type MarkdownStyle, parseDiscordMarkdown } from './discord-markdown';

// Discord markdown as HTML, for the transcript file (transcript-html.ts): the pieces of
// discord-markdown.ts, each one's text escaped, wrapped in the few tags the subset allows. No
// attribute but a link's http(s) href (escaped) is ever written.

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text as HTML text or attribute value: every character HTML gives a meaning to, escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

/** Only http(s) addresses are linked; anything else (javascript:, data:) is shown as text. */
export function safeUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

const TAGS: Record<MarkdownStyle, string> = {
  bold: 'strong',
  italic: 'em',
  underline: 'u',
  strike: 's',
  code: 'code',
};

export function renderDiscordMarkdownHtml(
  text: string,
  names: (id: string) => string | undefined,
  options?: MarkdownOptions,
): string {
  return parseDiscordMarkdown(text, names, options)
    .map((piece) => {
      let html = escapeHtml(piece.text);
      if (piece.kind === 'mention') html = `<span class="mention">${html}</span>`;
      if (piece.kind === 'link') {
        const href = safeUrl(piece.href);
        if (href)
          html = `<a href="${escapeHtml(href)}" rel="noopener noreferrer nofollow">${html}</a>`;
      }
      return piece.styles.reduceRight(
        (inner, style) => `<${TAGS[style]}>${inner}</${TAGS[style]}>`,
        html,
      );
    })
    .join('');
}
