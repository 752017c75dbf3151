import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CustomerTranscriptLine } from '../../../../core/tickets/customer-view';
import { Transcript } from './transcript';

// The customer's "Your orders" transcript reads as Discord showed it, with no Discord ids.

const line = (change: Partial<CustomerTranscriptLine>): CustomerTranscriptLine => ({
  authorName: 'designer_dora',
  authorIsBot: false,
  sentAt: '2026-11-20T10:00:00.000Z',
  content: '',
  embedsText: '',
  attachments: [],
  ...change,
});

describe('the customer’s transcript', () => {
  it('shows mentions by name, markdown styled, escapes as text, images as thumbnails', () => {
    const html = renderToStaticMarkup(
      <Transcript
        names={{ '500000000000000005': 'designer_dora' }}
        lines={[
          line({
            content: 'Ask <@500000000000000005> or <@500000000000000099>: **gold** \\<b\\>',
            embedsText: '<script>alert(1)</script> [x](javascript:alert(1))',
            attachments: [
              { name: 'ref.png', url: 'https://cdn.discordapp.com/ref.png' },
              { name: 'evil.png', url: 'javascript:alert(1)' },
            ],
          }),
        ]}
      />,
    );
    expect(html).toContain('@designer_dora');
    expect(html).toContain('@unknown member');
    expect(html).not.toMatch(/500000000000000/);
    expect(html).toContain('<strong>gold</strong></span><span> &lt;b&gt;');
    expect(html).not.toMatch(/<script|<b>|href="javascript/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toMatch(
      /<a href="https:\/\/cdn\.discordapp\.com\/ref\.png"[^>]*><img src="https:\/\/cdn\.discordapp\.com\/ref\.png" alt="ref\.png"/,
    );
    expect(html).toContain('evil.png');
  });
});
