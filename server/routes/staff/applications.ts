import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { applicationReference } from '../../../core/applications/reference';
import {
  ApplicationDecisionRequestSchema,
  ApplicationListQuerySchema,
} from '../../../core/applications/staff-list';
import { csvLine } from '../../../core/shared/csv';
import { KeysetIdSchema } from '../../../core/shared/page';
import { decideApplication } from '../../../db/repositories/application-decision';
import {
  type ApplicationExportRow,
  createApplicationListRepository,
} from '../../../db/repositories/application-list';
import { createApplicationsRepository } from '../../../db/repositories/applications';
import { applications as applicationsTable } from '../../../db/schema';
import { HttpError, parseWith } from '../../http-errors';
import { getSignedInStaff, requireRole } from '../../plugins/auth';

// The dashboard's Applications section (issue 12): leads and executives list, search, read,
// export and decide applications. A decision here is the one the Discord buttons make
// (decideApplication: first wins), and the posted Discord message is edited through the outbox.

const IdParams = z.object({
  id: z.coerce.number({ error: 'Not an application id' }).pipe(KeysetIdSchema),
});

const CSV_HEADER = [
  'id',
  'reference',
  'type',
  'status',
  'roblox_username',
  'discord_username',
  'submitted_at',
  'decided_at',
  'reviewer',
  'reviewer_discord_id',
  'decision_note',
  'answers',
];

function csvRow(row: ApplicationExportRow): string {
  return csvLine([
    row.id,
    applicationReference(row.type, row.id),
    row.type,
    row.status,
    row.robloxUsername,
    row.discordUsername,
    row.submittedAt,
    row.decidedAt,
    row.reviewerName,
    row.reviewerId,
    row.decisionNote,
    JSON.stringify(row.answers),
  ]);
}

const applicationsRoutes: FastifyPluginAsync = async (app) => {
  const onRequest = requireRole('lead');
  const repository = createApplicationsRepository(app.db);
  const list = createApplicationListRepository(app.db);

  app.get('/applications', { onRequest }, async (request) => {
    return list.list(parseWith(ApplicationListQuerySchema, request.query));
  });

  // Streamed a page of rows at a time: memory stays flat however many rows match.
  app.get('/applications.csv', { onRequest }, async (request, reply) => {
    // The list's own query: the same filters, search and dates; every row, not one page.
    const filter = parseWith(ApplicationListQuerySchema, request.query);
    async function* lines() {
      yield csvLine(CSV_HEADER);
      for await (const row of list.exportRows(filter)) yield csvRow(row);
    }
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="applications-${day}.csv"`)
      .send(Readable.from(lines()));
  });

  app.get('/applications/:id', { onRequest }, async (request) => {
    const { id } = parseWith(IdParams, request.params);
    const record = await repository.findById(id);
    if (!record) throw new HttpError(404, 'No application has this id.');
    const [extra] = await app.db
      .select({ decisionNote: applicationsTable.decisionNote })
      .from(applicationsTable)
      .where(eq(applicationsTable.id, id));
    return {
      ...record,
      decisionNote: extra?.decisionNote ?? null,
      // Served by content hash (server/routes/images/application-images.ts).
      images: (await repository.readImages(id)).map(({ contentHash, ...image }) => ({
        ...image,
        url: `/api/staff/application-images/${contentHash}`,
      })),
    };
  });

  app.post('/applications/:id/decision', { onRequest }, async (request) => {
    const { id } = parseWith(IdParams, request.params);
    const decision = parseWith(ApplicationDecisionRequestSchema, request.body ?? {});
    const { staff } = await getSignedInStaff(request);
    const outcome = await decideApplication(app.db, id, decision, {
      discordId: staff.discordId,
      name: staff.username,
    });
    if (!outcome.ok) throw new HttpError(outcome.status, outcome.reason);
    return outcome.application;
  });
};

export default applicationsRoutes;
