import { type FakeUpload, storeUpload, toApiAttachment } from './cdn';
import { toApiChannel, toApiRole, toApiUser, toResolvedMember } from './payloads';
import { type FakeState, findMember } from './state';

type Entries = Record<string, unknown>;

/**
 * The `resolved` map of an interaction: the users, members, roles, channels and attachments
 * its option values or selected ids refer to. Each `add…` throws for an id the user could not
 * have picked, since Discord's client only offers existing ones.
 */
export function createResolved(state: FakeState, port: number) {
  const maps = { users: {}, members: {}, roles: {}, channels: {}, attachments: {} } as Record<
    'users' | 'members' | 'roles' | 'channels' | 'attachments',
    Entries
  >;
  const hasUser = (id: string) => state.users.has(id);
  const hasRole = (id: string) => state.guild.roles.some((role) => role.id === id);

  const addUser = (id: string) => {
    const user = state.users.get(id);
    if (!user) throw new Error(`fake-discord: no user ${id} to pick`);
    maps.users[id] = toApiUser(user);
    const member = findMember(state, id);
    if (member) maps.members[id] = toResolvedMember(state.guild, member);
  };
  const addRole = (id: string) => {
    const role = state.guild.roles.find((item) => item.id === id);
    if (!role) throw new Error(`fake-discord: no role ${id} to pick`);
    maps.roles[id] = toApiRole(state.guild, role);
  };

  return {
    addUser,
    addRole,
    /** A user or a role, whichever the id is. */
    addMentionable(id: string) {
      if (hasUser(id)) addUser(id);
      else if (hasRole(id)) addRole(id);
      else throw new Error(`fake-discord: no user or role ${id} to pick`);
    },
    addChannel(id: string, allowedTypes?: number[]) {
      const channel = state.guild.channels.find((item) => item.id === id);
      if (!channel) throw new Error(`fake-discord: no channel ${id} to pick`);
      if (allowedTypes?.length && !allowedTypes.includes(channel.type)) {
        throw new Error(`fake-discord: channel ${id} is not one of types ${allowedTypes}`);
      }
      maps.channels[id] = toApiChannel(state.guild, channel);
    },
    /** Stores the file on the fake CDN and returns its attachment id. */
    addAttachment(upload: FakeUpload): string {
      if (upload.bytes.length > state.maxFileBytes) {
        throw new Error(`fake-discord: ${upload.filename} is over the upload limit`);
      }
      const file = storeUpload(state, upload);
      maps.attachments[file.id] = toApiAttachment(
        state,
        port,
        'ephemeral-attachments',
        state.applicationId,
        file,
      );
      return file.id;
    },
    /** The non-empty maps, or undefined when nothing was resolved. */
    build() {
      const used = Object.entries(maps).filter(([, entries]) => Object.keys(entries).length > 0);
      return used.length > 0 ? Object.fromEntries(used) : undefined;
    },
  };
}

export type Resolved = ReturnType<typeof createResolved>;
