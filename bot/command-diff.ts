import { isDeepStrictEqual } from 'node:util';

export type CommandChangeKind = 'added' | 'changed' | 'removed' | 'unchanged';
export type CommandChange = { name: string; change: CommandChangeKind };

type Json = Record<string, unknown>;

// Discord answers a command with every field filled in (ids, version, defaults), while our
// modules leave defaults out. Both sides are compared on the fields below (missing or null
// means the default) plus every field our side sets, so Discord's additions never count as
// a change. A field a module stops setting that is not listed here goes unnoticed: list it.
const COMMAND_DEFAULTS: Json = {
  type: 1,
  name: null,
  description: '',
  options: [],
  default_member_permissions: null,
  nsfw: false,
  name_localizations: null,
  description_localizations: null,
};
const OPTION_DEFAULTS: Json = {
  type: null,
  name: null,
  description: '',
  required: false,
  autocomplete: false,
  choices: [],
  options: [],
  channel_types: [],
  min_value: null,
  max_value: null,
  min_length: null,
  max_length: null,
  name_localizations: null,
  description_localizations: null,
};
const CHOICE_DEFAULTS: Json = { name: null, value: null, name_localizations: null };

function project(source: Json, template: Json, defaults: Json): Json {
  const out: Json = {};
  // A builder's JSON carries unset fields as `undefined`: only fields our side really sets count.
  const setByUs = Object.keys(template).filter((key) => template[key] !== undefined);
  for (const key of new Set([...Object.keys(defaults), ...setByUs])) {
    const value = source[key] ?? defaults[key] ?? null;
    if (key === 'options' || key === 'choices') {
      const templates = (template[key] as Json[] | undefined) ?? [];
      const nested = key === 'options' ? OPTION_DEFAULTS : CHOICE_DEFAULTS;
      out[key] = (value as Json[]).map((item, index) =>
        project(item, templates[index] ?? {}, nested),
      );
    } else {
      out[key] = value;
    }
  }
  return out;
}

/** Whether Discord's copy of a command already says what ours says. */
export function sameCommand(desired: object, current: object): boolean {
  const ours = desired as Json;
  return isDeepStrictEqual(
    project(ours, ours, COMMAND_DEFAULTS),
    project(current as Json, ours, COMMAND_DEFAULTS),
  );
}

/** What a bulk overwrite with `desired` does to `current`, by command name. */
export function diffCommands(
  current: readonly { name: string }[],
  desired: readonly { name: string }[],
): CommandChange[] {
  const before = new Map(current.map((command) => [command.name, command]));
  const changes: CommandChange[] = desired.map((command) => {
    const old = before.get(command.name);
    const change = !old ? 'added' : sameCommand(command, old) ? 'unchanged' : 'changed';
    return { name: command.name, change };
  });
  const kept = new Set(desired.map((command) => command.name));
  for (const command of current) {
    if (!kept.has(command.name)) changes.push({ name: command.name, change: 'removed' });
  }
  return changes;
}

const MARKS: Record<CommandChangeKind, string> = {
  added: '+',
  changed: '~',
  removed: '-',
  unchanged: '=',
};

/** One line per command, then the counts. */
export function formatCommandChanges(changes: readonly CommandChange[]): string {
  const width = Math.max(0, ...changes.map((item) => item.name.length + 1));
  const lines = changes.map(
    (item) => `  ${MARKS[item.change]} ${`/${item.name}`.padEnd(width)}  ${item.change}`,
  );
  const count = (kind: CommandChangeKind) => changes.filter((item) => item.change === kind).length;
  const kinds: CommandChangeKind[] = ['added', 'changed', 'removed', 'unchanged'];
  return [...lines, kinds.map((kind) => `${count(kind)} ${kind}`).join(', ')].join('\n');
}
