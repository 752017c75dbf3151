import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPeopleRepository,
  LAST_SEEN_RESOLUTION_MS,
  type PersonInput,
} from '../../db/repositories/people';
import { createStaffUsersRepository } from '../../db/repositories/staff-users';
import { createTestDatabase, DRIVERS, type TestDatabase } from '../support/database';

let nextId = 300_000_000_000_000_000n;
const aPerson = (overrides: Partial<PersonInput> = {}): PersonInput => ({
  discordId: String(nextId++),
  username: 'nova.designs',
  globalName: 'Nova',
  nick: null,
  avatar: null,
  ...overrides,
});

describe.each(DRIVERS)('people repository on %s', (driver) => {
  let database: TestDatabase;
  let clock = Date.parse('2025-06-01T12:00:00Z');
  const now = () => clock;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it('remembers a person, and writes nothing for the same person again within the hour', async () => {
    const people = createPeopleRepository(database.db, { now });
    const nova = aPerson({ nick: 'Nova (Lead)' });
    expect(await people.remember(nova)).toBe(1);
    expect(await people.remember(nova)).toBe(0);
    // Another process (no memory of the write): the database itself leaves the row alone.
    const elsewhere = createPeopleRepository(database.db, { now });
    expect(await elsewhere.remember(nova)).toBe(0);
    const [stored] = await people.find([nova.discordId]);
    expect(stored).toMatchObject({
      username: 'nova.designs',
      globalName: 'Nova',
      nick: 'Nova (Lead)',
      lastSeenAt: new Date(clock),
      firstSeenAt: new Date(clock),
    });

    clock += LAST_SEEN_RESOLUTION_MS + 1;
    expect(await people.remember(nova)).toBe(1);
    expect((await people.find([nova.discordId]))[0]).toMatchObject({
      lastSeenAt: new Date(clock),
      firstSeenAt: new Date(clock - LAST_SEEN_RESOLUTION_MS - 1),
    });
  });

  it('writes a change at once; an unknown nickname keeps the stored one, null clears it', async () => {
    const people = createPeopleRepository(database.db, { now });
    const person = aPerson({ nick: 'Old nick' });
    await people.remember(person);
    expect(await people.remember({ ...person, username: 'renamed', nick: undefined })).toBe(1);
    expect((await people.find([person.discordId]))[0]).toMatchObject({
      username: 'renamed',
      nick: 'Old nick',
    });
    expect(await people.remember({ ...person, username: 'renamed', nick: null })).toBe(1);
    expect((await people.find([person.discordId]))[0]?.nick).toBeNull();
  });

  it('passes over what is not a Discord user, and takes several people in one call', async () => {
    const people = createPeopleRepository(database.db, { now });
    const [a, b] = [aPerson({ username: 'a.person' }), aPerson({ username: 'b.person' })];
    expect(await people.remember([a, b, { ...aPerson(), discordId: 'local-owner' }])).toBe(2);
    expect((await people.find([a.discordId, b.discordId])).map((p) => p.username).sort()).toEqual([
      'a.person',
      'b.person',
    ]);
  });

  it('names people as the server shows them, staff by their sign-in name, others not at all', async () => {
    const people = createPeopleRepository(database.db, { now });
    const withNick = aPerson({ nick: 'Captain', globalName: 'Cap' });
    const withGlobal = aPerson({ username: 'plain', globalName: 'Plain Person' });
    const bare = aPerson({ username: 'bare', globalName: null });
    await people.remember([withNick, withGlobal, bare]);
    const staffOnly = String(nextId++);
    await createStaffUsersRepository(database.db).upsertByDiscordId({
      discordId: staffOnly,
      username: 'Linked Lead',
      roles: ['lead'],
    });
    const unknown = String(nextId++);
    const names = await people.nameOf([
      withNick.discordId,
      withGlobal.discordId,
      bare.discordId,
      staffOnly,
      unknown,
      null,
    ]);
    expect(Object.fromEntries(names)).toEqual({
      [withNick.discordId]: 'Captain',
      [withGlobal.discordId]: 'Plain Person',
      [bare.discordId]: 'bare',
      [staffOnly]: 'Linked Lead',
    });
    expect(await people.nameOf([])).toEqual(new Map());
  });

  it('lets two processes remember the same new person at once', async () => {
    const person = aPerson();
    const writes = await Promise.all(
      Array.from({ length: 6 }, () =>
        createPeopleRepository(database.db, { now }).remember(person),
      ),
    );
    expect(writes.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(await createPeopleRepository(database.db).find([person.discordId])).toHaveLength(1);
  });
});
