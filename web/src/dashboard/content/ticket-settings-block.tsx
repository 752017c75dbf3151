import { type FormEvent, useState } from 'react';
import type { TicketSettings } from '../../../../core/site/site-content';
import { buttonClass } from '../../components/ui/button';
import { Switch } from '../forms/switch';
import { useScrollToTarget } from '../use-scroll-to-target';
import { FormMessage } from './content-field';
import { useSiteBlock } from './site-block';

// How tickets behave for customers (the `tickets` block): whether a customer may ask to close
// their own ticket from Discord (the intake's Close button or /ticket close), staff confirming.
// Off by default: then the customer is told only staff close tickets here.

export function TicketSettingsEditor() {
  const block = useSiteBlock('tickets');
  useScrollToTarget('tickets', block.answer.status === 'ready');
  return (
    <section
      id="tickets"
      aria-labelledby="block-tickets-title"
      className="scroll-mt-24 space-y-3 rounded-xl border border-line p-4"
    >
      <h2 id="block-tickets-title" className="text-lg font-bold">
        Tickets
      </h2>
      {block.answer.status === 'loading' && <p>Loading the ticket settings…</p>}
      {block.answer.status !== 'loading' && block.answer.status !== 'ready' && (
        <p role="alert">{block.answer.error.message}</p>
      )}
      {block.answer.status === 'ready' && (
        <TicketSettingsForm block={block} saved={block.answer.data.value} />
      )}
    </section>
  );
}

function TicketSettingsForm({
  block,
  saved,
}: {
  block: ReturnType<typeof useSiteBlock<'tickets'>>;
  saved: TicketSettings;
}) {
  const [draft, setDraft] = useState(saved);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    block.submit(draft, setDraft);
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Ticket settings" className="max-w-2xl space-y-3">
      <Switch
        label="Customers may ask to close their own ticket"
        hint="Their Close button (or /ticket close) posts a request in the ticket; the designer who claimed it, a lead designer or an executive confirms or denies. Off: customers are told only staff close tickets."
        checked={draft.customersMayAskToClose}
        onChange={(customersMayAskToClose) => setDraft({ customersMayAskToClose })}
      />
      <FormMessage message={block.problems.message} />
      {block.save.isSuccess && (
        <p role="status" className="text-sm text-muted">
          Saved: the bot follows it from the next press.
        </p>
      )}
      <button
        type="submit"
        disabled={block.save.isPending}
        className={buttonClass('primary', 'sm')}
      >
        {block.save.isPending ? 'Saving…' : 'Save ticket settings'}
      </button>
    </form>
  );
}
