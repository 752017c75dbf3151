import { describe, expect, it } from 'vitest';
import { renderDiscordMarkdownHtml } from './discord-markdown-html';

// The transcript file's renderer against what a customer (or anyone in a ticket) might type.

const DORA = '500000000000000005';
const names = (id: string) => (id === DORA ? 'designer_dora' : undefined);
const html = (text: string) => renderDiscordMarkdownHtml(text, names, { showIds: false });

describe('Discord markdown as HTML', () => {
  it('escapes raw HTML, script tags and attribute breakers as text', () => {
    expect(html('<script>alert(1)</script>')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html('<img src=x onerror="alert(1)">')).toBe(
      '&lt;img src=x onerror=&quot;alert(1)&quot;&gt;',
    );
    expect(html('**<b>bold</b>**')).toBe('<strong>&lt;b&gt;bold&lt;/b&gt;</strong>');
    expect(html('`</code><script>x</script>`')).toBe(
      '<code>&lt;/code&gt;&lt;script&gt;x&lt;/script&gt;</code>',
    );
  });

  it('shows Discord escapes as the characters they escape', () => {
    expect(html('\\<b\\>')).toBe('&lt;b&gt;');
    expect(html('sammetrorp\\_RBX')).toBe('sammetrorp_RBX');
  });

  it('links only bare http(s) addresses; javascript: and masked links stay text', () => {
    expect(html('see https://example.com/a_b?x=1&y=2.')).toBe(
      'see <a href="https://example.com/a_b?x=1&amp;y=2" rel="noopener noreferrer nofollow">https://example.com/a_b?x=1&amp;y=2</a>.',
    );
    expect(html('javascript:alert(1)')).toBe('javascript:alert(1)');
    expect(html('[click](javascript:alert(1))')).toBe('[click](javascript:alert(1))');
    expect(html('https://x.test/"onmouseover="alert(1)')).toBe(
      '<a href="https://x.test/" rel="noopener noreferrer nofollow">https://x.test/</a>&quot;onmouseover=&quot;alert(1)',
    );
    expect(html('data:text/html,<script>x</script>')).not.toContain('<a');
  });

  it('renders nested markdown, and markers without a partner as they are', () => {
    expect(html('**bold *and italic* too**')).toBe(
      '<strong>bold </strong><strong><em>and italic</em></strong><strong> too</strong>',
    );
    expect(html('~~__*all*__~~')).toBe('<s><u><em>all</em></u></s>');
    expect(html('**never closed')).toBe('**never closed');
  });

  it('names mentions; an unknown one, a role or a channel shows no id to customers', () => {
    expect(html(`thanks <@${DORA}>`)).toBe('thanks <span class="mention">@designer_dora</span>');
    expect(html('<@!500000000000000099> <@&500000000000000098> <#500000000000000097>')).toBe(
      '<span class="mention">@unknown member</span> <span class="mention">@role</span> <span class="mention">#channel</span>',
    );
    expect(renderDiscordMarkdownHtml('<@500000000000000099>', names)).toContain(
      '@500000000000000099',
    );
  });
});
