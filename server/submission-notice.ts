import type { FastifyRequest } from 'fastify';
import { hasDiscordConnection, publicUrl } from '../core/config';

export type StoredSubmission =
  | { id: number; application: { type: string; discordUsername: string } }
  | { id: number; contactMessage: { name: string } };

/**
 * Called by a route once a submission is stored. With the bot on, its Discord message tells
 * staff; with it off (no DISCORD_TOKEN, the default) this log line is the only sign, so it
 * says in words what came in and where to read it. Warn level: it needs a person, and it must
 * survive LOG_LEVEL=warn.
 */
export function noticeStoredSubmission(request: FastifyRequest, submission: StoredSubmission) {
  const { config } = request.server;
  if (hasDiscordConnection(config)) return;
  const address = request.server.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  request.log.warn(
    { submission: 'application' in submission ? 'application' : 'contact', id: submission.id },
    describeStoredSubmission(submission, publicUrl({ ...config, PORT: port })),
  );
}

export function describeStoredSubmission(submission: StoredSubmission, siteUrl: string): string {
  const [what, from, page] =
    'application' in submission
      ? [
          `${submission.application.type} application`,
          submission.application.discordUsername,
          'applications',
        ]
      : ['contact message', submission.contactMessage.name, 'messages'];
  return (
    `New ${what} #${submission.id} from ${from} stored; read it in the dashboard at ` +
    `${siteUrl}/dashboard/${page}/${submission.id} (the Discord bot is off)`
  );
}
