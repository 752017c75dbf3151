import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { LOCAL_OWNER_ID, type SignInLinkRequest, SignInLinkRequestSchema } from '../core/auth';
import { publicUrl } from '../core/config';
import { openDatabase } from '../db/client';
import { createSignInLink } from '../db/repositories/sign-in-links';
import { refuseAnotherUsersDataDir } from '../entry/data-dir-owner';
import { loadConfigOrExit } from '../entry/load-config';
import { requestSignInLink } from '../server/local-control';

// `npm run login-link -- --discord-id <id> --role <role> [--role …] [--username <name>]`
// `npm run login-link -- --owner`: prints a one-time staff sign-in link (10 minutes, once).

const USAGE = `Usage:
  npm run login-link -- --discord-id <Discord user id> --role <role> [--role <role>…] [--username <name>] [--next <path>]
  npm run login-link -- --owner        (the owner, no Discord account needed)

Roles: staff, designer, payment_verifier, lead, executive, owner. With Discord role sync
configured, roles other than owner are replaced by the member's Discord roles within 10 minutes.`;

function fail(message: string, code: number): never {
  console.error(message);
  process.exit(code);
}

const config = loadConfigOrExit();

function readArguments() {
  try {
    return parseArgs({
      options: {
        'discord-id': { type: 'string' },
        role: { type: 'string', multiple: true },
        username: { type: 'string' },
        next: { type: 'string' },
        owner: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (error) {
    return fail(`${(error as Error).message}\n\n${USAGE}`, 2);
  }
}
const args = readArguments();
if (args.help) fail(USAGE, 0);
if (!args.owner && !args.role?.length) fail(`Name at least one --role.\n\n${USAGE}`, 2);

const parsedRequest = SignInLinkRequestSchema.safeParse(
  args.owner
    ? { discordId: LOCAL_OWNER_ID, username: args.username ?? 'Owner', roles: ['owner'] }
    : {
        discordId: args['discord-id'] ?? '',
        username: args.username,
        roles: args.role,
        next: args.next,
      },
);
if (!parsedRequest.success) {
  fail(`${parsedRequest.error.issues.map((issue) => issue.message).join('\n')}\n\n${USAGE}`, 2);
}
const request: SignInLinkRequest = parsedRequest.data;

/**
 * Said when there is no embedded database to write to and no server to ask: most likely this
 * shell lacks the server's DATABASE_URL (or DATA_DIR), and a link written into a new embedded
 * database would be one the server never reads.
 */
function noDatabaseHere(dataDir: string): string {
  return (
    `No Lunar database in DATA_DIR (${resolve(dataDir)}) and no running Lunar server holds it. ` +
    'Run this command with the same DATABASE_URL and DATA_DIR as the server (the same .env, ' +
    'from the same folder; with Docker: docker compose exec lunar npm run login-link -- …).'
  );
}

/** The link's URL: from the running server if it holds the embedded database, else made here. */
async function makeLink(): Promise<string> {
  if (!config.DATABASE_URL) {
    const url = await requestSignInLink(config.DATA_DIR, request);
    if (url) return url;
    refuseAnotherUsersDataDir(config, 'login-link');
    // PG_VERSION marks a Postgres data directory: the embedded database exists there.
    if (!existsSync(join(config.DATA_DIR, 'PG_VERSION'))) fail(noDatabaseHere(config.DATA_DIR), 1);
  }
  const database = await openDatabase(
    config.DATABASE_URL ? { url: config.DATABASE_URL, poolSize: 1 } : { dataDir: config.DATA_DIR },
  );
  try {
    await database.migrate();
    return new URL(await createSignInLink(database.db, request), publicUrl(config)).href;
  } finally {
    await database.close();
  }
}

try {
  const url = await makeLink();
  const who = args.owner ? 'the owner' : `Discord user ${request.discordId}`;
  console.log(`Sign-in link for ${who} (valid 10 minutes, once):\n${url}`);
} catch (error) {
  fail(`Could not make a sign-in link: ${(error as Error).message}`, 1);
}
