import { formatCommandChanges } from '../bot/command-diff';
import { RegisterError, registerGuildCommands } from '../bot/register-commands';
import { registry } from '../bot/registry';
import { hasDiscordConnection } from '../core/config';
import { loadConfigOrExit } from '../entry/load-config';

// `npm run discord:register [-- --dry-run]`: sends bot/commands/ to the studio server as one
// bulk overwrite and prints what changed. Run it after adding, changing or removing a command;
// the process never registers on start (Discord limits daily command creates).
const dryRun = process.argv.includes('--dry-run');
const config = loadConfigOrExit();
if (!hasDiscordConnection(config)) {
  console.error(
    'Cannot register commands: DISCORD_TOKEN is not set. Set it and DISCORD_GUILD_ID (see .env.example).',
  );
  process.exit(1);
}

const { guildId } = config.discord.connection;
const commands = registry.commands.map((command) => command.data);
try {
  const { applicationId, changes } = await registerGuildCommands(
    config.discord.connection,
    commands,
    { dryRun },
  );
  console.log(
    `${dryRun ? 'Would register' : 'Registered'} ${commands.length} command(s) in server ${guildId} (application ${applicationId}):`,
  );
  console.log(formatCommandChanges(changes));
  if (dryRun) console.log('Dry run: nothing was sent.');
} catch (error) {
  console.error(
    `Registering commands failed: ${error instanceof RegisterError ? error.message : error}`,
  );
  process.exit(1);
}
