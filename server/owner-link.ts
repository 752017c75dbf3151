import { LOCAL_OWNER_ID } from '../core/auth';
import { type Config, publicUrl, signInSettings } from '../core/config';
import type { Database } from '../db/client';
import { createSignInLink } from '../db/repositories/sign-in-links';
import { createStaffUsersRepository } from '../db/repositories/staff-users';
import { createSystemStateRepository } from '../db/repositories/system-state';

const ANNOUNCED_KEY = 'owner_link_announced';

/**
 * On a first start with nobody to sign in as (no staff member, no Discord sign-in), prints a
 * one-time owner link, so a newcomer on the embedded default opens the dashboard in one click.
 * Once per database, whichever instance gets there first; afterwards `npm run login-link`
 * makes another. The owner is a member with no Discord account behind it (LOCAL_OWNER_ID).
 */
export async function announceOwnerLink(
  config: Config,
  db: Database,
  log: { info(message: string): void },
): Promise<boolean> {
  if (signInSettings(config).oauth) return false;
  if (await createStaffUsersRepository(db).exists()) return false;
  if (!(await createSystemStateRepository(db).claimOnce(ANNOUNCED_KEY))) return false;
  const path = await createSignInLink(db, {
    discordId: LOCAL_OWNER_ID,
    username: 'Owner',
    roles: ['owner'],
  });
  const url = new URL(path, publicUrl(config)).href;
  log.info(
    `Open this link to sign in as the owner: ${url} (valid 10 minutes, once; printed only this time — later, run: npm run login-link -- --owner)`,
  );
  return true;
}
