import type { ApplicationSummary } from '../../core/applications';
import type { ApplicationDecisionRequest } from '../../core/applications/staff-list';
import type { Executor } from '../client';
import { createApplicationsRepository } from './applications';

type ApplicationDecisionOutcome =
  | { ok: true; application: ApplicationSummary }
  | { ok: false; status: 404 | 409; reason: string };

/**
 * Staff decide an application here, from the Discord buttons and from the dashboard alike:
 * the first decision wins, the applicant's DM and the edit of the posted Discord message are
 * queued with it (the outbox worker sends both), and a later one is told who was first.
 */
export async function decideApplication(
  db: Executor,
  id: number,
  { decision, note }: { decision: ApplicationDecisionRequest['decision']; note?: string },
  reviewer: { discordId: string; name: string },
): Promise<ApplicationDecisionOutcome> {
  const applications = createApplicationsRepository(db);
  const decided = await applications.recordDecision(id, {
    status: decision === 'accept' ? 'accepted' : 'rejected',
    reviewerId: reviewer.discordId,
    reviewerName: reviewer.name,
    note,
  });
  if (decided) return { ok: true, application: decided };
  const current = await applications.findById(id);
  if (!current) return { ok: false, status: 404, reason: 'This application no longer exists.' };
  const by = current.decision?.reviewerName || 'another reviewer';
  return { ok: false, status: 409, reason: `Already ${current.status} by ${by}.` };
}
