import {
  COMMAND_LIMITS,
  checkLocalized,
  checkName,
  checkOptions,
  issue,
  longest,
  optionSize,
  type Path,
} from './command-option-checks';
import { asObject, checkBetween, checkChoice, checkCount, type FieldIssue } from './form-errors';

const CHAT_INPUT = 1;
const COMMAND_TYPES = [1, 2, 3] as const;

/** Issues Discord reports for one command body, under `path` (its index in a bulk list). */
export function validateCommand(raw: unknown, path: Path = []): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const command = asObject(raw);
  const type = command.type ?? CHAT_INPUT;
  checkChoice(issues, [...path, 'type'], type, COMMAND_TYPES);
  const chatInput = type === CHAT_INPUT;
  checkName(issues, [...path, 'name'], command.name, chatInput);
  checkLocalized([...path, 'name_localizations'], command.name_localizations, (p, v) =>
    checkName(issues, p, v, chatInput),
  );
  if (chatInput) {
    checkBetween(
      issues,
      [...path, 'description'],
      command.description,
      1,
      COMMAND_LIMITS.description,
    );
    checkLocalized(
      [...path, 'description_localizations'],
      command.description_localizations,
      (p, v) => checkBetween(issues, p, v, 1, COMMAND_LIMITS.description),
    );
    checkOptions(issues, [...path, 'options'], command.options, 'command');
  } else if (Array.isArray(command.options) && command.options.length > 0) {
    checkCount(issues, [...path, 'options'], command.options, 0);
  }
  const permissions = command.default_member_permissions;
  if (permissions !== undefined && permissions !== null) {
    if (typeof permissions !== 'string' || !/^\d+$/.test(permissions)) {
      issue(
        issues,
        [...path, 'default_member_permissions'],
        'NUMBER_TYPE_COERCE',
        `Value "${String(permissions)}" is not a valid permission bitfield.`,
      );
    }
  }
  const size =
    longest(command.name, command.name_localizations) +
    longest(command.description, command.description_localizations) +
    (Array.isArray(command.options)
      ? command.options.reduce((sum: number, o) => sum + optionSize(o), 0)
      : 0);
  if (chatInput && size > COMMAND_LIMITS.size) {
    issue(
      issues,
      path,
      'APPLICATION_COMMAND_TOO_LARGE',
      `Command exceeds maximum size (${COMMAND_LIMITS.size})`,
    );
  }
  return issues;
}

/** Issues for a bulk overwrite: each command, and names unique per command type. */
export function validateCommandList(list: unknown[]): FieldIssue[] {
  const issues = list.flatMap((item, index) => validateCommand(item, [index]));
  const seen = new Set<string>();
  list.forEach((item, index) => {
    const command = asObject(item);
    const key = `${command.type ?? CHAT_INPUT}:${String(command.name)}`;
    if (seen.has(key)) {
      issue(
        issues,
        [index],
        'APPLICATION_COMMANDS_DUPLICATE_NAME',
        'Application command names must be unique',
      );
    }
    seen.add(key);
  });
  return issues;
}
