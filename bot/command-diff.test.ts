import { describe, expect, it } from 'vitest';
import { diffCommands, formatCommandChanges, sameCommand } from './command-diff';

const tax = {
  name: 'tax',
  description: 'Robux to charge',
  options: [{ type: 4, name: 'amount', description: 'Robux', required: true, min_value: 1 }],
};

/** The same command as Discord gives it back: ids, version and every default filled in. */
type Command = { name: string; description: string; options: Record<string, unknown>[] };
const stored = (command: Command) => ({
  id: '100000000000000001',
  application_id: '100000000000000002',
  guild_id: '100000000000000003',
  version: '100000000000000004',
  type: 1,
  default_member_permissions: null,
  nsfw: false,
  contexts: null,
  integration_types: [0],
  ...command,
  options: command.options.map((option) => ({
    required: false,
    ...option,
    name_localizations: null,
  })),
});

describe('comparing commands with what Discord has', () => {
  it('ignores the fields Discord adds and the defaults it fills in', () => {
    expect(sameCommand(tax, stored(tax))).toBe(true);
  });

  it('sees a changed description, option or bound, also one that was removed', () => {
    expect(sameCommand(tax, stored({ ...tax, description: 'Old text' }))).toBe(false);
    const [amount] = tax.options;
    expect(sameCommand(tax, stored({ ...tax, options: [{ ...amount, min_value: 5 }] }))).toBe(
      false,
    );
    expect(sameCommand(tax, stored({ ...tax, options: [{ ...amount, max_value: 9 }] }))).toBe(
      false,
    );
    expect(sameCommand(tax, stored({ ...tax, options: [] }))).toBe(false);
  });

  it('lists every command as added, changed, removed or unchanged, and prints it', () => {
    const review = { name: 'review', description: 'Review', options: [] };
    const changes = diffCommands(
      [
        stored(tax),
        stored({ ...review, description: 'Old' }),
        stored({ name: 'old', description: 'x', options: [] }),
      ],
      [tax, review, { name: 'orderlog', description: 'Log an order', options: [] }],
    );
    expect(changes).toEqual([
      { name: 'tax', change: 'unchanged' },
      { name: 'review', change: 'changed' },
      { name: 'orderlog', change: 'added' },
      { name: 'old', change: 'removed' },
    ]);
    expect(formatCommandChanges(changes)).toBe(
      [
        '  = /tax       unchanged',
        '  ~ /review    changed',
        '  + /orderlog  added',
        '  - /old       removed',
        '1 added, 1 changed, 1 removed, 1 unchanged',
      ].join('\n'),
    );
  });
});
