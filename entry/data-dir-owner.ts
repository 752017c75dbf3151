import { resolve } from 'node:path';
import type { Config } from '../core/config';
import { otherOwnerOf, userName } from '../db/data-dir-owner';

/** An argument as a shell reads it back: quoted when it holds anything but plain characters. */
const shellWord = (arg: string) =>
  /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", `'\\''`)}'`;

/**
 * Stops an operator command (`npm run login-link`, `db:migrate`, `db:seed-demo`) before it
 * opens an embedded database in a DATA_DIR another user owns: the files it wrote would be this
 * user's (root's, most often), and Lunar, running as the owner, could not open its database
 * again. Says how to run the same command as the owner. `npmScript` is the script's name
 * (`login-link`); the arguments are this process's own.
 */
export function refuseAnotherUsersDataDir(config: Config, npmScript: string): void {
  if (config.DATABASE_URL) return;
  const owner = otherOwnerOf(config.DATA_DIR);
  if (!owner) return;
  const args = process.argv.slice(2).map(shellWord);
  const command = ['npm run', npmScript, ...(args.length > 0 ? ['--', ...args] : [])].join(' ');
  console.error(
    `DATA_DIR ${resolve(config.DATA_DIR)} belongs to ${owner.name}, and this command runs as ` +
      `${userName(process.getuid?.() ?? 0)}: files it wrote to the embedded database there ` +
      `would not be ${owner.name}'s, and Lunar could no longer open it. Nothing was changed. ` +
      `Run it as ${owner.name}: runuser -u ${owner.name} -- ${command} ` +
      `(with Docker: docker compose exec lunar ${command}).`,
  );
  process.exit(1);
}
