import {
  asObject,
  checkBetween,
  checkChoice,
  checkCount,
  countChars,
  type FieldIssue,
  type Json,
} from './form-errors';

// "Application Commands" in Discord's docs: naming, option structure and size limits. The
// combined size was 4000 characters until Discord raised it; the docs and the live API now say
// 8000 ("Command exceeds maximum size (8000)").
export const COMMAND_LIMITS = {
  name: 32,
  description: 100,
  options: 25,
  choices: 25,
  choiceName: 100,
  choiceValue: 100,
  stringLength: 6000,
  size: 8000,
} as const;

export const OPTION = {
  subcommand: 1,
  group: 2,
  string: 3,
  integer: 4,
  boolean: 5,
  user: 6,
  channel: 7,
  role: 8,
  mentionable: 9,
  number: 10,
  attachment: 11,
} as const;

const OPTION_TYPES = Object.values(OPTION);
const WITH_CHOICES: number[] = [OPTION.string, OPTION.integer, OPTION.number];
const NUMERIC: number[] = [OPTION.integer, OPTION.number];
// Integer options take "any integer between -2^53+1 and 2^53-1"; numbers ±2^53.
const MAX_SAFE = 2 ** 53;
const NAME_PATTERN = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

export type Path = FieldIssue['path'];
type Depth = 'command' | 'subcommand' | 'group';

export function issue(issues: FieldIssue[], path: Path, code: string, message: string) {
  issues.push({ path, code, message });
}

// Chat input names: the pattern, and lowercase wherever a letter has a lowercase form.
export function checkName(issues: FieldIssue[], path: Path, name: unknown, chatInput: boolean) {
  checkBetween(issues, path, name, 1, COMMAND_LIMITS.name);
  if (typeof name !== 'string' || !chatInput) return;
  if (!NAME_PATTERN.test(name) || name !== name.toLowerCase()) {
    issue(issues, path, 'APPLICATION_COMMAND_INVALID_NAME', 'Command name is invalid');
  }
}

export function checkLocalized(
  path: Path,
  localizations: unknown,
  check: (path: Path, value: unknown) => void,
) {
  for (const [locale, value] of Object.entries(asObject(localizations))) {
    if (value !== null) check([...path, locale], value);
  }
}

function checkChoices(issues: FieldIssue[], path: Path, option: Json) {
  const choices = option.choices;
  if (!Array.isArray(choices) || choices.length === 0) return;
  if (!WITH_CHOICES.includes(Number(option.type))) {
    issue(issues, path, 'APPLICATION_COMMAND_OPTION_CHOICES_INVALID', 'Option type has no choices');
    return;
  }
  checkCount(issues, path, choices, COMMAND_LIMITS.choices);
  choices.forEach((raw, index) => {
    const choice = asObject(raw);
    const at = [...path, index];
    checkBetween(issues, [...at, 'name'], choice.name, 1, COMMAND_LIMITS.choiceName);
    checkLocalized([...at, 'name_localizations'], choice.name_localizations, (p, v) =>
      checkBetween(issues, p, v, 1, COMMAND_LIMITS.choiceName),
    );
    const value = choice.value;
    if (option.type === OPTION.string) {
      checkBetween(issues, [...at, 'value'], value, 1, COMMAND_LIMITS.choiceValue);
    } else if (
      typeof value !== 'number' ||
      (option.type === OPTION.integer && !Number.isInteger(value))
    ) {
      issue(
        issues,
        [...at, 'value'],
        'NUMBER_TYPE_COERCE',
        `Value "${value}" is not a valid number.`,
      );
    }
  });
}

function checkRange(issues: FieldIssue[], path: Path, option: Json) {
  const { min_value: min, max_value: max, min_length: minLength, max_length: maxLength } = option;
  for (const [key, value] of Object.entries({ min_value: min, max_value: max })) {
    if (value === undefined || value === null) continue;
    const integer = option.type === OPTION.integer;
    if (
      !NUMERIC.includes(Number(option.type)) ||
      typeof value !== 'number' ||
      (integer && !Number.isInteger(value)) ||
      Math.abs(value) > MAX_SAFE
    ) {
      issue(issues, [...path, key], 'NUMBER_TYPE_COERCE', `Value "${value}" is not valid here.`);
    }
  }
  if (typeof min === 'number' && typeof max === 'number' && min > max) {
    issue(
      issues,
      [...path, 'min_value'],
      'NUMBER_TYPE_MAX',
      'min_value must not exceed max_value.',
    );
  }
  for (const [key, value, floor] of [
    ['min_length', minLength, 0],
    ['max_length', maxLength, 1],
  ] as const) {
    if (value === undefined || value === null) continue;
    const valid =
      option.type === OPTION.string &&
      Number.isInteger(value) &&
      Number(value) >= floor &&
      Number(value) <= COMMAND_LIMITS.stringLength;
    if (!valid) {
      issue(
        issues,
        [...path, key],
        'NUMBER_TYPE_MAX',
        `Int value should be between ${floor} and ${COMMAND_LIMITS.stringLength}.`,
      );
    }
  }
  if (typeof minLength === 'number' && typeof maxLength === 'number' && minLength > maxLength) {
    issue(
      issues,
      [...path, 'min_length'],
      'NUMBER_TYPE_MAX',
      'min_length must not exceed max_length.',
    );
  }
}

function checkOption(issues: FieldIssue[], path: Path, raw: unknown) {
  const option = asObject(raw);
  checkChoice(issues, [...path, 'type'], option.type, OPTION_TYPES);
  checkName(issues, [...path, 'name'], option.name, true);
  checkLocalized([...path, 'name_localizations'], option.name_localizations, (p, v) =>
    checkName(issues, p, v, true),
  );
  checkBetween(issues, [...path, 'description'], option.description, 1, COMMAND_LIMITS.description);
  checkLocalized([...path, 'description_localizations'], option.description_localizations, (p, v) =>
    checkBetween(issues, p, v, 1, COMMAND_LIMITS.description),
  );
  checkChoices(issues, [...path, 'choices'], option);
  if (option.autocomplete === true) {
    const hasChoices = Array.isArray(option.choices) && option.choices.length > 0;
    if (!WITH_CHOICES.includes(Number(option.type)) || hasChoices) {
      issue(
        issues,
        [...path, 'autocomplete'],
        'APPLICATION_COMMAND_OPTION_AUTOCOMPLETE_INVALID',
        'Autocomplete cannot be set on options with choices or of this type',
      );
    }
  }
  checkRange(issues, path, option);
  if (option.type === OPTION.subcommand)
    checkOptions(issues, [...path, 'options'], option.options, 'subcommand');
  if (option.type === OPTION.group)
    checkOptions(issues, [...path, 'options'], option.options, 'group');
}

export function checkOptions(issues: FieldIssue[], path: Path, raw: unknown, depth: Depth) {
  if (raw === undefined || raw === null) return;
  const options = Array.isArray(raw) ? raw.map(asObject) : [];
  checkCount(issues, path, options, COMMAND_LIMITS.options);
  const nested = options.filter((o) => o.type === OPTION.subcommand || o.type === OPTION.group);
  const mixed = nested.length > 0 && nested.length < options.length;
  const misplaced =
    (depth === 'subcommand' && nested.length > 0) ||
    (depth === 'group' && options.some((o) => o.type !== OPTION.subcommand));
  if (mixed || misplaced) {
    issue(
      issues,
      path,
      'APPLICATION_COMMAND_OPTIONS_TYPE_INVALID',
      'Sub-command and sub-command group option types are mutually exclusive to all other types',
    );
  }
  const seen = new Set<unknown>();
  let optionalSeen = false;
  options.forEach((option, index) => {
    if (seen.has(option.name)) {
      issue(
        issues,
        [...path, index, 'name'],
        'APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS',
        'Option names must be unique',
      );
    }
    seen.add(option.name);
    if (option.required === true && optionalSeen) {
      issue(
        issues,
        [...path, index],
        'APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID',
        'Required options must be placed before non-required options',
      );
    }
    if (option.required !== true) optionalSeen = true;
    checkOption(issues, [...path, index], option);
  });
}

// Only the longest of a field and its localizations counts towards the size.
export function longest(value: unknown, localizations: unknown): number {
  const localized = Object.values(asObject(localizations)).map(countChars);
  return Math.max(countChars(value), ...localized);
}

export function optionSize(raw: unknown): number {
  const option = asObject(raw);
  const choices = Array.isArray(option.choices) ? option.choices.map(asObject) : [];
  const nested = Array.isArray(option.options) ? option.options : [];
  return (
    longest(option.name, option.name_localizations) +
    longest(option.description, option.description_localizations) +
    choices.reduce(
      (sum, choice) =>
        sum + longest(choice.name, choice.name_localizations) + countChars(String(choice.value)),
      0,
    ) +
    nested.reduce((sum: number, child) => sum + optionSize(child), 0)
  );
}
