import { HttpError, INVALID_FORM_BODY } from './errors';
import {
  asObject,
  checkBetween,
  checkChoice,
  checkCount,
  checkMax,
  type FieldIssue,
} from './form-errors';
import { ALL_PERMISSIONS, computePermissions, type Overwrite, type SeededChannel } from './guild';
import { type FakeState, findMember } from './state';

// What Discord checks when a bot creates or edits a guild channel (Create Guild Channel,
// Modify Channel, Edit Channel Permissions).

export const CATEGORY = 4;
/** "Maximum number of channels in category reached (50)": 50035 on `parent_id`, no own code. */
export const CATEGORY_CHANNEL_MAX = 50;
/** Code 30013, "Maximum number of guild channels reached (500)". */
export const GUILD_CHANNEL_MAX = 500;
const MAX_GUILD_CHANNELS = 30013;
export const MISSING_PERMISSIONS = 50013;
const CHANNEL_TYPES = [0, 2, 4, 5, 13, 15, 16] as const;
const MANAGE_CHANNELS = 1n << 4n;
const MANAGE_ROLES = 1n << 28n;

/** A bitfield as Discord takes it: a string (or number) of a non-negative integer. */
function readBits(issues: FieldIssue[], path: FieldIssue['path'], value: unknown): bigint {
  if (value === undefined || value === null) return 0n;
  const text = typeof value === 'number' && Number.isInteger(value) ? String(value) : value;
  if (typeof text !== 'string' || !/^\d{1,20}$/.test(text)) {
    issues.push({
      path,
      code: 'NUMBER_TYPE_COERCE',
      message: `Value "${String(value)}" is not snowflake.`,
    });
    return 0n;
  }
  const bits = BigInt(text);
  if ((bits & ~ALL_PERMISSIONS) !== 0n) {
    issues.push({ path, code: 'PERMISSIONS_INVALID', message: 'Invalid permission bits.' });
  }
  return bits;
}

/** Reads and checks one overwrite; the target must be a role of the guild or a known user. */
export function readOverwrite(
  state: FakeState,
  issues: FieldIssue[],
  path: FieldIssue['path'],
  raw: unknown,
  id?: string,
): Overwrite {
  const entry = asObject(raw);
  const targetId = id ?? entry.id;
  const type = entry.type;
  checkChoice(issues, [...path, 'type'], type, [0, 1, '0', '1']);
  const allow = readBits(issues, [...path, 'allow'], entry.allow);
  const deny = readBits(issues, [...path, 'deny'], entry.deny);
  if (typeof targetId !== 'string' || !/^\d{17,20}$/.test(targetId)) {
    issues.push({
      path: [...path, 'id'],
      code: 'NUMBER_TYPE_COERCE',
      message: `Value "${String(targetId)}" is not snowflake.`,
    });
  } else if (Number(type) === 0 && !state.guild.roles.some((role) => role.id === targetId)) {
    issues.push({ path: [...path, 'id'], code: 'UNKNOWN_ROLE', message: 'Unknown role' });
  } else if (Number(type) === 1 && !state.users.has(targetId)) {
    issues.push({ path: [...path, 'id'], code: 'UNKNOWN_USER', message: 'Unknown user' });
  }
  return {
    id: String(targetId),
    type: Number(type) === 1 ? 1 : 0,
    allow: allow.toString(),
    deny: deny.toString(),
  };
}

function throwIssues(issues: FieldIssue[], rejected = true): void {
  if (issues.length === 0) return;
  const errors: Record<string, unknown> = {};
  for (const issue of issues) {
    let node = errors;
    for (const key of issue.path) {
      node[String(key)] = asObject(node[String(key)]);
      node = node[String(key)] as Record<string, unknown>;
    }
    const list = Array.isArray(node._errors) ? node._errors : [];
    node._errors = [...list, { code: issue.code, message: issue.message }];
  }
  throw new HttpError(
    400,
    { message: 'Invalid Form Body', code: INVALID_FORM_BODY, errors },
    rejected,
  );
}

/** The bot's permissions in the guild (its roles plus @everyone). */
function botPermissions(state: FakeState): bigint {
  const member = findMember(state, state.bot.id);
  return member ? BigInt(computePermissions(state.guild, member)) : 0n;
}

/**
 * Discord: Manage Channels to create, edit or delete a channel; Manage Roles to set
 * overwrites, and "only permissions your bot has in the guild" can be allowed or denied.
 */
export function assertBotMay(
  state: FakeState,
  need: 'channels' | 'overwrites',
  overwrites: Overwrite[] = [],
): void {
  const has = botPermissions(state);
  const missing = (bits: bigint) => (has & bits) !== bits;
  const beyond = overwrites.some(
    (item) => missing(BigInt(item.allow)) || missing(BigInt(item.deny)),
  );
  if (missing(MANAGE_CHANNELS) || (need === 'overwrites' && missing(MANAGE_ROLES)) || beyond) {
    throw new HttpError(403, { message: 'Missing Permissions', code: MISSING_PERMISSIONS });
  }
}

export type ChannelFields = {
  name?: string;
  type?: number;
  parentId?: string | null;
  topic?: string | null;
  overwrites?: Overwrite[];
};

/**
 * Checks a Create Guild Channel (`creating`) or Modify Channel body and returns the fields it
 * sets. A full category is Discord's 50035 on `parent_id` (not a malformed body: a bot cannot
 * always know, so it is not counted in `rejected`); 500 channels in the guild is 30013.
 */
export function readChannelBody(
  state: FakeState,
  body: Record<string, unknown>,
  { creating, channel }: { creating: boolean; channel?: SeededChannel },
): ChannelFields {
  const issues: FieldIssue[] = [];
  const fields: ChannelFields = {};
  if (creating || body.name !== undefined) {
    checkBetween(issues, ['name'], body.name, 1, 100);
    if (typeof body.name === 'string') fields.name = body.name;
  }
  if (creating && body.type !== undefined) {
    checkChoice(issues, ['type'], body.type, CHANNEL_TYPES);
    if (typeof body.type === 'number') fields.type = body.type;
  }
  if (body.topic !== undefined) {
    if (body.topic !== null) checkMax(issues, ['topic'], body.topic, 1024);
    fields.topic = typeof body.topic === 'string' ? body.topic : null;
  }
  if (body.parent_id !== undefined) {
    const parentId = body.parent_id;
    const parent = state.guild.channels.find((item) => item.id === parentId);
    if (parentId !== null && (!parent || parent.type !== CATEGORY)) {
      issues.push({
        path: ['parent_id'],
        code: 'CHANNEL_PARENT_INVALID',
        message: 'Not a category',
      });
    } else if (parentId !== null && (fields.type ?? channel?.type ?? 0) === CATEGORY) {
      issues.push({
        path: ['parent_id'],
        code: 'CHANNEL_PARENT_INVALID_TYPE',
        message: 'Categories cannot have subcategories',
      });
    }
    fields.parentId = typeof parentId === 'string' ? parentId : null;
  }
  if (body.permission_overwrites !== undefined) {
    const list = Array.isArray(body.permission_overwrites) ? body.permission_overwrites : [];
    checkCount(issues, ['permission_overwrites'], list, 100);
    fields.overwrites = list.map((raw, index) =>
      readOverwrite(state, issues, ['permission_overwrites', index], raw),
    );
  }
  throwIssues(issues);
  assertBotMay(state, fields.overwrites ? 'overwrites' : 'channels', fields.overwrites);
  if (fields.parentId && fields.parentId !== channel?.parentId) {
    const children = state.guild.channels.filter((item) => item.parentId === fields.parentId);
    if (children.length >= CATEGORY_CHANNEL_MAX) {
      throwIssues(
        [
          {
            path: ['parent_id'],
            code: 'CHANNEL_PARENT_MAX_CHANNELS',
            message: `Maximum number of channels in category reached (${CATEGORY_CHANNEL_MAX})`,
          },
        ],
        false,
      );
    }
  }
  if (creating && state.guild.channels.length >= GUILD_CHANNEL_MAX) {
    throw new HttpError(400, {
      message: `Maximum number of guild channels reached (${GUILD_CHANNEL_MAX})`,
      code: MAX_GUILD_CHANNELS,
    });
  }
  return fields;
}
