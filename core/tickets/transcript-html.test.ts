import { describe, expect, it } from 'vitest';
import type { Ticket } from './ticket';
import { renderTranscriptHtml } from './transcript-html';

const at = new Date(Date.UTC(2026, 0, 2, 3, 4, 5));
const ticket = {
  id: 42,
  orderId: 'ticket-0042',
  serviceLabel: 'Banners <b>',
  customerDiscordId: '300000000000000001',
  request: '<img src=x onerror=alert(1)>',
  createdAt: at,
  closedAt: at,
  closeReason: '"done" & dusted',
} as Ticket;

describe('transcript HTML', () => {
  it('escapes every piece of user text and links only http(s)', () => {
    const html = renderTranscriptHtml(ticket, [
      {
        authorDiscordId: '1',
        authorName: '<script>alert(1)</script>',
        authorIsBot: false,
        sentAt: at,
        content: 'hi </p><script>x()</script>',
        embedsText: "it's <i>",
        attachments: [
          { name: 'a.png', url: 'https://cdn.discordapp.com/a.png' },
          { name: 'evil', url: 'javascript:alert(1)' },
        ],
      },
    ]);
    expect(html).not.toMatch(/<script|<img src=x|<i>|<b>|javascript:/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&quot;done&quot; &amp; dusted');
    expect(html).toContain(
      '<a href="https://cdn.discordapp.com/a.png" rel="noopener noreferrer nofollow"><img src="https://cdn.discordapp.com/a.png" alt="a.png" loading="lazy"></a>',
    );
    expect(html).toContain('<li>evil</li>');
    expect(html).toContain("default-src 'none'");
    expect(html).toContain('2026-01-02 03:04:05 UTC');
  });

  it('reads as Discord showed it: mentions by name, markdown styled, no Discord ids', () => {
    const html = renderTranscriptHtml(
      ticket,
      [
        {
          authorDiscordId: '500000000000000005',
          authorName: 'designer_dora',
          authorIsBot: false,
          sentAt: at,
          content: 'Thanks <@300000000000000001>! **Done**, see \\<b\\> and <@500000000000000099>',
          embedsText: '',
          attachments: [{ name: 'brief.pdf', url: 'https://cdn.discordapp.com/brief.pdf' }],
        },
      ],
      { '300000000000000001': 'customer_carl' },
    );
    expect(html).toContain(
      'Thanks <span class="mention">@customer_carl</span>! <strong>Done</strong>, see &lt;b&gt; and <span class="mention">@unknown member</span>',
    );
    expect(html).not.toContain('500000000000000005');
    expect(html).not.toContain('500000000000000099');
    expect(html).toContain(
      '<a href="https://cdn.discordapp.com/brief.pdf" rel="noopener noreferrer nofollow">brief.pdf</a>',
    );
  });
});
