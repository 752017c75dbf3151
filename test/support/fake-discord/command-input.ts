import type { FakeUpload } from './cdn';
import { OPTION } from './command-option-checks';
import type { CommandOptionSpec, RegisteredCommand } from './commands';
import { countChars } from './form-errors';
import type { Resolved } from './resolved';

/** What a user typed or picked for one option; ids for users, roles, channels. */
export type OptionValue = string | number | boolean | FakeUpload;

export interface CommandInput {
  subcommandGroup?: string;
  subcommand?: string;
  /** Option name → value; the registered option's type decides how it is sent. */
  options?: Record<string, OptionValue>;
}

/** Application Command Interaction Data Option. */
export interface DataOption {
  name: string;
  type: number;
  value?: string | number | boolean;
  options?: DataOption[];
  focused?: boolean;
}

const fail = (message: string): never => {
  throw new Error(`fake-discord: ${message}`);
};

function acceptsValue(type: number, value: OptionValue): boolean {
  switch (type) {
    case OPTION.integer:
      return typeof value === 'number' && Number.isSafeInteger(value);
    case OPTION.number:
      return typeof value === 'number' && Number.isFinite(value);
    case OPTION.boolean:
      return typeof value === 'boolean';
    case OPTION.attachment:
      return typeof value === 'object';
    default:
      // Strings, and the ids of users, channels, roles and mentionables.
      return typeof value === 'string';
  }
}

// What Discord's client lets a user submit: the option's type, its choices, its bounds.
function checkValue(spec: CommandOptionSpec, value: OptionValue, partial: boolean) {
  const name = spec.name;
  const typeOk = acceptsValue(spec.type, value);
  if (!typeOk) fail(`option ${name} (type ${spec.type}) cannot take ${JSON.stringify(value)}`);
  if (partial) return;
  if (spec.choices && !spec.choices.some((choice) => choice.value === value)) {
    fail(`option ${name} only takes one of its choices, not ${JSON.stringify(value)}`);
  }
  if (typeof value === 'number') {
    if (spec.min_value !== undefined && value < spec.min_value) fail(`${name} < min_value`);
    if (spec.max_value !== undefined && value > spec.max_value) fail(`${name} > max_value`);
  }
  if (typeof value === 'string' && spec.type === OPTION.string) {
    const length = countChars(value);
    if (length < (spec.min_length ?? 0)) fail(`${name} is shorter than min_length`);
    if (length > (spec.max_length ?? 6000)) fail(`${name} is longer than max_length`);
  }
}

function toDataValue(spec: CommandOptionSpec, value: OptionValue, resolved: Resolved) {
  if (typeof value === 'object') return resolved.addAttachment(value);
  if (spec.type === OPTION.user) resolved.addUser(String(value));
  if (spec.type === OPTION.role) resolved.addRole(String(value));
  if (spec.type === OPTION.mentionable) resolved.addMentionable(String(value));
  if (spec.type === OPTION.channel) resolved.addChannel(String(value), spec.channel_types);
  return value;
}

/** The option list that leads to the leaf: the subcommand (group) the user picked, if any. */
function leafOf(command: RegisteredCommand, input: CommandInput) {
  const top = command.options ?? [];
  const pick = (list: CommandOptionSpec[], type: number, name: string | undefined) => {
    const kind = type === OPTION.group ? 'group' : 'subcommand';
    const names = list.filter((item) => item.type === type).map((item) => item.name);
    if (name === undefined) return fail(`/${command.name} needs a ${kind}: ${names.join(', ')}`);
    return (
      list.find((item) => item.type === type && item.name === name) ??
      fail(`/${command.name} has no ${kind} ${name}`)
    );
  };
  if (!top.some((item) => item.type === OPTION.subcommand || item.type === OPTION.group)) {
    if (input.subcommand || input.subcommandGroup) fail(`/${command.name} has no subcommands`);
    return { specs: top, wrap: (options: DataOption[]) => options };
  }
  if (input.subcommandGroup) {
    const group = pick(top, OPTION.group, input.subcommandGroup);
    const sub = pick(group.options ?? [], OPTION.subcommand, input.subcommand);
    return {
      specs: sub.options ?? [],
      wrap: (options: DataOption[]) => [
        { name: group.name, type: OPTION.group, options: [{ name: sub.name, type: 1, options }] },
      ],
    };
  }
  const sub = pick(top, OPTION.subcommand, input.subcommand);
  return {
    specs: sub.options ?? [],
    wrap: (options: DataOption[]) => [{ name: sub.name, type: OPTION.subcommand, options }],
  };
}

/**
 * `data.options` for a command a user runs (or, with `focused`, is still typing for
 * autocomplete: values may be partial and required options missing).
 */
export function buildCommandOptions(
  command: RegisteredCommand,
  input: CommandInput,
  resolved: Resolved,
  focused?: string,
): DataOption[] {
  const { specs, wrap } = leafOf(command, input);
  const given = input.options ?? {};
  const options = Object.entries(given).map(([name, value]): DataOption => {
    const spec =
      specs.find((item) => item.name === name) ?? fail(`/${command.name} has no option ${name}`);
    const isFocused = name === focused;
    if (isFocused && !spec.autocomplete) fail(`option ${name} does not autocomplete`);
    checkValue(spec, value, focused !== undefined);
    const option: DataOption = { name, type: spec.type, value: toDataValue(spec, value, resolved) };
    return isFocused ? { ...option, focused: true } : option;
  });
  if (focused === undefined) {
    const missing = specs.filter((spec) => spec.required && !(spec.name in given));
    if (missing.length > 0) fail(`/${command.name} needs ${missing.map((s) => s.name).join(', ')}`);
  } else if (!(focused in given)) {
    fail(`the focused option ${focused} needs a (partial) value`);
  }
  return wrap(options);
}
