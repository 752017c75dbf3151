import { Link } from 'react-router';
import type { GoLiveItem } from '../../../../core/setup/go-live';
import { Icon } from '../../components/icon';
import { ConfirmDialog } from '../confirm-dialog';
import { useStaffMutation, useStaffQuery } from '../query';
import { ReadmeLink } from './readme-link';

// The go-live checklist on an executive's Overview, until every item is done: each item ticks
// itself from the data (server/routes/staff/go-live.ts) and says where it is done: a dashboard
// page, or the README section for settings that live in the server's environment (opened in
// place: readme-link.tsx). Backups are
// the one item a person confirms; who and when is recorded.

const GO_LIVE = '/api/staff/go-live';

type Checklist = { items: GoLiveItem[]; done: boolean };

function Where({ item }: { item: GoLiveItem }) {
  if (item.where.kind === 'dashboard') {
    return (
      <Link to={item.where.href} className="text-sm text-lavender-strong underline">
        {item.where.label}
        <span className="sr-only"> ({item.title})</span>
      </Link>
    );
  }
  return <ReadmeLink section={item.where.section} item={item.title} />;
}

function ConfirmBackups() {
  const confirm = useStaffMutation(
    () => ({ method: 'POST', url: `${GO_LIVE}/backups` }),
    [GO_LIVE],
  );
  return (
    <ConfirmDialog
      trigger="Backups are set up"
      triggerVariant="secondary"
      title="Confirm that backups run?"
      description="You confirm that the database and the uploaded images are backed up regularly, as README → Backups describes, and that a backup was restored once to check it. Your name and the time are recorded."
      confirmLabel="Confirm backups"
      busyLabel="Recording…"
      run={() => confirm.mutateAsync()}
    />
  );
}

export function GoLiveChecklist() {
  const checklist = useStaffQuery<Checklist>(GO_LIVE);
  if (checklist.status !== 'ready' || checklist.data.done) return null;
  const { items } = checklist.data;
  const done = items.filter((item) => item.done).length;
  return (
    <section
      aria-labelledby="go-live-title"
      className="rounded-xl border border-lavender/50 bg-lavender/5 p-4"
    >
      <h2 id="go-live-title" className="text-lg font-bold">
        Go-live checklist
      </h2>
      <p className="text-sm text-muted">
        {done} of {items.length} done. This list leaves the Overview once every item is.
      </p>
      <ol className="mt-3 space-y-3">
        {items.map((item) => (
          <li key={item.id} className="flex gap-3" data-item={item.id}>
            <span
              className={`mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full border ${
                item.done ? 'border-lavender bg-lavender text-ink' : 'border-line'
              }`}
            >
              {item.done && <Icon name="check" className="size-4" />}
            </span>
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                <span className="font-semibold">
                  <span className="sr-only">{item.done ? 'Done: ' : 'To do: '}</span>
                  {item.title}
                </span>
                <Where item={item} />
              </p>
              <p className="text-sm text-muted">{item.detail}</p>
              {item.id === 'backups' && !item.done && (
                <div className="mt-2">
                  <ConfirmBackups />
                </div>
              )}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
