import { describe, expect, it } from 'vitest';
import { findLimitViolations } from '../discord/limits';
import { buildContactMessage } from './discord-message';

const createdAt = new Date('2026-03-01T08:30:00.000Z');
const base = { id: 3, createdAt, name: 'Ana', email: 'ana@example.com', subject: 'Logo' };

describe('buildContactMessage', () => {
  it('shows a short message inline', () => {
    const p = buildContactMessage({ ...base, message: 'Can you make a logo?' });
    expect(p.embeds).toEqual([
      {
        title: 'New Contact Message',
        color: 0xb19cd9,
        timestamp: '2026-03-01T08:30:00.000Z',
        footer: { text: 'Contact message #3' },
        fields: [
          { name: 'Name', value: 'Ana', inline: true },
          { name: 'Email', value: 'ana@example.com', inline: true },
          { name: 'Subject', value: 'Logo' },
          { name: 'Message', value: 'Can you make a logo?' },
        ],
      },
    ]);
    expect(p.attachments).toEqual([]);
  });

  it('splits or attaches long multi-byte messages without losing a character', () => {
    for (const message of ['😀 '.repeat(1666), '漢字'.repeat(2500), 'hello '.repeat(500)]) {
      const p = buildContactMessage({ ...base, message });
      expect(findLimitViolations(p)).toEqual([]);
      const fields = p.embeds.flatMap((e) => e.fields ?? []);
      const parts = fields.filter((f) => f.name.startsWith('Message'));
      const attached = p.attachments?.find((a) => a.filename === 'message.txt');
      const rebuilt =
        attached?.kind === 'text' ? attached.text : parts.map((f) => f.value).join('');
      expect(rebuilt).toBe(message);
    }
  });
});

describe('user text in the contact message', () => {
  it('shows exactly as typed: markdown is escaped in the embed, kept in attached files', () => {
    const payload = buildContactMessage({
      ...base,
      name: 'a__b__c',
      subject: '# Not a heading',
      message: '||spoiler|| and `code` <@123456789012345678>',
    });
    const fields = Object.fromEntries(
      (payload.embeds?.[0]?.fields ?? []).map((field) => [field.name, field.value]),
    );
    expect(fields.Name).toBe('a\\_\\_b\\_\\_c');
    expect(fields.Subject).toBe('\\# Not a heading');
    expect(fields.Message).toBe('\\|\\|spoiler\\|\\| and \\`code\\` \\<@123456789012345678\\>');
    expect(payload.allowed_mentions).toEqual({ parse: [] });

    const long = buildContactMessage({ ...base, message: `**${'x'.repeat(7000)}**` });
    const file = long.attachments?.find((item) => item.kind === 'text');
    expect(file?.kind === 'text' && file.text.startsWith('**x')).toBe(true);
  });
});
