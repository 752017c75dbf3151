import type { DemoCounts } from '../../../../core/setup/go-live';
import { ConfirmDialog } from '../confirm-dialog';
import { useStaffMutation, useStaffQuery } from '../query';

// "Remove all demo content" on an executive's Overview, while the demo seed's made-up members,
// portfolios or welcome post are there (server/routes/staff/demo-content.ts).

const DEMO_CONTENT = '/api/staff/demo-content';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export function DemoContent() {
  const counts = useStaffQuery<DemoCounts>(DEMO_CONTENT);
  const remove = useStaffMutation(
    () => ({ method: 'DELETE', url: DEMO_CONTENT }),
    [DEMO_CONTENT, '/api/staff/go-live', '/api/staff/content'],
  );
  if (counts.status !== 'ready') return null;
  const { members, portfolios, posts } = counts.data;
  if (members + portfolios + posts === 0) return null;
  const what = [
    members > 0 && plural(members, 'made-up team member', 'made-up team members'),
    portfolios > 0 && plural(portfolios, 'demo portfolio', 'demo portfolios'),
    posts > 0 && plural(posts, 'sample blog post', 'sample blog posts'),
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <section
      aria-labelledby="demo-content-title"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300/50 bg-amber-300/5 p-4"
    >
      <div>
        <h2 id="demo-content-title" className="text-lg font-bold">
          Demo content
        </h2>
        <p className="text-sm text-muted">
          The site shows {what} from the demo set. They do not count on the go-live checklist.
        </p>
      </div>
      <ConfirmDialog
        trigger="Remove all demo content"
        triggerVariant="secondary"
        title="Remove all demo content?"
        description={`This deletes ${what} from the site. Your own members, portfolios and posts stay. This cannot be undone.`}
        confirmLabel="Remove demo content"
        run={() => remove.mutateAsync()}
      />
    </section>
  );
}
