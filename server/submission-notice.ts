import type { FastifyRequest } from 'fastify';
import { applicationReference } from '../core/applications/reference';
import type { ApplicationType } from '../core/applications/schema';
import { hasDiscordConnection, publicUrl } from '../core/config';

/** What was stored; only its kind, type and id reach the log, never what the sender wrote. */
type StoredSubmission =
  | { id: number; application: { type: ApplicationType } }
  | { id: number; contactMessage: object };

/**
 * Called by a route once a submission is stored. With the bot on, its Discord message tells
 * staff; with it off (no DISCORD_TOKEN, the default) this log line is the only sign, so it
 * says in words what came in and where to read it. Warn level: it needs a person, and it must
 * survive LOG_LEVEL=warn. It names the submission by its reference, not its sender: logs are
 * kept and shipped where personal data must not go.
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

function describeStoredSubmission(submission: StoredSubmission, siteUrl: string): string {
  const [what, page] =
    'application' in submission
      ? [
          `${submission.application.type} application ${applicationReference(submission.application.type, submission.id)}`,
          'applications',
        ]
      : [`contact message #${submission.id}`, 'messages'];
  return (
    `New ${what} stored; read it in the dashboard at ` +
    `${siteUrl}/dashboard/${page}/${submission.id} (the Discord bot is off)`
  );
}
