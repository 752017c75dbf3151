import { describe, expect, it } from 'vitest';
import { validateCommand, validateCommandList } from './command-checks';
import { toDiscordErrors } from './form-errors';

const option = (name: string, extra: Record<string, unknown> = {}) => ({
  type: 3,
  name,
  description: `The ${name}`,
  ...extra,
});
const command = (extra: Record<string, unknown> = {}) => ({
  name: 'createpayment',
  description: 'Create the payment for an order',
  options: [option('order_id', { required: true }), option('roblox_username')],
  ...extra,
});
const codesAt = (issues: ReturnType<typeof validateCommand>) =>
  issues.map((issue) => `${issue.path.join('.')}:${issue.code}`);

describe('validateCommand', () => {
  it('accepts a command at every limit', () => {
    const choices = Array.from({ length: 25 }, (_, i) => ({
      name: 'n'.repeat(100),
      value: `${i}`,
    }));
    const body = command({
      name: 'x'.repeat(32),
      description: 'd'.repeat(100),
      default_member_permissions: '8',
      options: [
        option('rating', { type: 4, required: true, min_value: 1, max_value: 5 }),
        option('comment', { min_length: 0, max_length: 6000 }),
        option('pick', { choices }),
        ...Array.from({ length: 22 }, (_, i) => option(`o${i}`, { type: 5 })),
      ],
    });
    expect(validateCommand(body)).toEqual([]);
  });

  it('accepts Unicode letters, apostrophes, and mixed case for user commands', () => {
    expect(validateCommand(command({ name: 'qualité', options: [] }))).toEqual([]);
    expect(validateCommand(command({ name: "don't", options: [] }))).toEqual([]);
    expect(validateCommand({ type: 2, name: 'Show Orders', description: '' })).toEqual([]);
  });

  it('names each broken rule with its path', () => {
    const issues = validateCommand(
      command({
        name: 'qualityControl',
        description: '',
        default_member_permissions: 8,
        options: [
          option('notes'),
          option('order_id', { required: true }),
          option('Bad Name'),
          option('rating', {
            type: 4,
            min_value: 5,
            max_value: 1,
            choices: [{ name: 'x', value: 1.5 }],
          }),
          option('title', {
            min_length: 10,
            max_length: 5,
            autocomplete: true,
            choices: [{ name: 'a', value: 'a' }],
          }),
          option('notes'),
        ],
      }),
    );
    expect(codesAt(issues)).toEqual(
      expect.arrayContaining([
        'name:APPLICATION_COMMAND_INVALID_NAME',
        'description:BASE_TYPE_BAD_LENGTH',
        'default_member_permissions:NUMBER_TYPE_COERCE',
        'options.1:APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID',
        'options.2.name:APPLICATION_COMMAND_INVALID_NAME',
        'options.3.min_value:NUMBER_TYPE_MAX',
        'options.3.choices.0.value:NUMBER_TYPE_COERCE',
        'options.4.min_length:NUMBER_TYPE_MAX',
        'options.4.autocomplete:APPLICATION_COMMAND_OPTION_AUTOCOMPLETE_INVALID',
        'options.5.name:APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS',
      ]),
    );
  });

  it('limits options, choices, choice names and values, and string lengths', () => {
    const issues = validateCommand(
      command({
        options: [
          option('pick', {
            choices: [
              ...Array.from({ length: 25 }, (_, i) => ({ name: `c${i}`, value: `${i}` })),
              { name: '', value: 'v'.repeat(101) },
            ],
          }),
          option('long', { max_length: 6001 }),
          ...Array.from({ length: 24 }, (_, i) => option(`o${i}`)),
        ],
      }),
    );
    expect(codesAt(issues)).toEqual(
      expect.arrayContaining([
        'options:BASE_TYPE_MAX_LENGTH',
        'options.0.choices:BASE_TYPE_MAX_LENGTH',
        'options.0.choices.25.name:BASE_TYPE_BAD_LENGTH',
        'options.0.choices.25.value:BASE_TYPE_BAD_LENGTH',
        'options.1.max_length:NUMBER_TYPE_MAX',
      ]),
    );
  });

  it('keeps subcommands apart from plain options', () => {
    const sub = (name: string) => ({ type: 1, name, description: name, options: [option('id')] });
    expect(validateCommand(command({ options: [sub('create'), sub('delete')] }))).toEqual([]);
    expect(codesAt(validateCommand(command({ options: [sub('create'), option('id')] })))).toEqual([
      'options:APPLICATION_COMMAND_OPTIONS_TYPE_INVALID',
    ]);
  });

  it('counts the size over names, descriptions and choices, longest localization only', () => {
    // 25 options × (5 name + 100 description + 3 choices × (100 + 3)) = 10,350 > 8000.
    const choices = ['aaa', 'bbb', 'ccc'].map((value) => ({ name: 'n'.repeat(100), value }));
    const options = Array.from({ length: 25 }, (_, i) => ({
      ...option(`op${String(i).padStart(3, '0')}`, { choices }),
      description: 'd'.repeat(100),
    }));
    expect(codesAt(validateCommand(command({ options })))).toEqual([
      ':APPLICATION_COMMAND_TOO_LARGE',
    ]);
    const small = options.slice(0, 15);
    expect(validateCommand(command({ options: small }))).toEqual([]);
    const localized = small.map((item) => ({
      ...item,
      description_localizations: { fr: 'é'.repeat(100), de: 'd'.repeat(50) },
    }));
    expect(validateCommand(command({ options: localized }))).toEqual([]);
  });
});

describe('validateCommandList', () => {
  it('refuses two commands of one type with the same name, at the second index', () => {
    const issues = validateCommandList([
      command(),
      command({ type: 2, description: '', options: undefined }),
      command(),
    ]);
    expect(toDiscordErrors(issues)).toEqual({
      2: {
        _errors: [
          {
            code: 'APPLICATION_COMMANDS_DUPLICATE_NAME',
            message: 'Application command names must be unique',
          },
        ],
      },
    });
  });
});
