import type { ReactNode } from 'react';
import type { SiteContent } from '../../../../core/site/site-content';
import { ConfirmDialog } from '../confirm-dialog';
import { RowsForm, type RowsSpec } from '../forms/rows-form';
import { useScrollToTarget } from '../use-scroll-to-target';
import { BlockConflictActions } from './block-conflict';
import { useSiteBlock } from './site-block';

// A list block of the home page (services, pricing, stats, promos): its rows form (RowsForm),
// whether it is still the built-in default, and a confirmed reset to that default.

type ListKey = 'services' | 'pricing' | 'stats' | 'promos';
type BlockItem<K extends ListKey> = SiteContent[K][number];

export function BlockListEditor<K extends ListKey, Draft extends object>({
  blockKey,
  intro,
  spec,
}: {
  blockKey: K;
  /** Where the block shows on the site, in a sentence. */
  intro: ReactNode;
  spec: RowsSpec<BlockItem<K>, Draft>;
}) {
  const block = useSiteBlock(blockKey);
  const titleId = `block-${blockKey}-title`;
  const { answer } = block;
  const name = spec.title.toLowerCase();
  useScrollToTarget(blockKey, answer.status === 'ready');
  return (
    <section
      id={blockKey}
      aria-labelledby={titleId}
      className="scroll-mt-24 space-y-3 rounded-xl border border-line p-4"
    >
      <h2 id={titleId} className="text-lg font-bold">
        {spec.title}{' '}
        {answer.status === 'ready' && !answer.data.stored && (
          <span className="text-sm font-normal text-muted">(built-in default, not saved yet)</span>
        )}
      </h2>
      <p className="text-sm text-muted">{intro}</p>
      {answer.status === 'loading' && <p>Loading {name}…</p>}
      {answer.status !== 'loading' && answer.status !== 'ready' && (
        <p role="alert">{answer.error.message}</p>
      )}
      {answer.status === 'ready' && (
        <RowsForm
          spec={spec}
          saved={answer.data.value as BlockItem<K>[]}
          savedMessage="Saved: the site shows it now."
          saver={{
            problems: block.problems,
            submit: (value, onSaved) =>
              block.submit(value, (stored) => onSaved?.(stored as BlockItem<K>[])),
            clear: block.clearProblems,
            pending: block.save.isPending,
            saved: block.save.isSuccess,
            failed: block.save.isError,
            stored: answer.data.stored,
          }}
          conflict={(show, resend) =>
            block.conflict && (
              <BlockConflictActions
                onLoadStored={() => {
                  const stored = block.adoptStored();
                  if (stored) show(stored as BlockItem<K>[]);
                }}
                onSaveOver={() => {
                  block.overrideStored();
                  resend();
                }}
              />
            )
          }
          actions={(show) =>
            answer.data.stored && (
              <ConfirmDialog
                trigger="Reset to default"
                title={`Reset ${name} to the built-in default?`}
                description={`The ${name} you saved are replaced by Lunar's built-in ones, on the site at once.`}
                confirmLabel="Reset to default"
                busyLabel="Resetting…"
                run={async () => show((await block.resetToDefault()) as BlockItem<K>[])}
              />
            )
          }
        />
      )}
    </section>
  );
}
