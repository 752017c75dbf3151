import { type FormEvent, useId, useState } from 'react';
import { measureText } from '../../../../core/shared/text-length';
import {
  TICKET_NOTE_MAX,
  type TicketNote,
  TicketNoteInputSchema,
} from '../../../../core/tickets/notes';
import { ApiProblem } from '../../components/ui/api-problem';
import { buttonClass } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { Person, When } from '../display/display';
import { SendFailed, useStaffMutation, useStaffQuery } from '../query';

// A ticket's staff-only notes (core/tickets/notes.ts) on its dashboard page: the notes written
// here and with `/ticket note` in Discord, oldest first, and a form to add one. The customer
// never sees them: they are not in the channel, the transcript, "Your orders" or the close DM.
// A refused or failed note stays in the box, with the reason beside it.

type Notes = { notes: TicketNote[] };

export function TicketNotes({ number }: { number: number }) {
  const url = `/api/staff/tickets/${number}/notes`;
  const list = useStaffQuery<Notes>({ path: url });
  const add = useStaffMutation<string, TicketNote>(
    (text) => ({ method: 'POST', url, body: { text } }),
    [url],
  );
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = TicketNoteInputSchema.safeParse({ text });
    if (!checked.success) {
      setError({ message: '', field: checked.error.issues[0]?.message });
      return;
    }
    setError(null);
    try {
      await add.mutateAsync(checked.data.text);
      setText('');
    } catch (failure) {
      setError(
        failure instanceof SendFailed
          ? { message: failure.message, field: failure.fieldErrors.text }
          : { message: 'The note could not be saved; it is still in the box. Try again.' },
      );
    }
  }

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="space-y-3 rounded-xl border border-line p-4"
    >
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        Staff notes
      </h2>
      <p className="text-sm text-muted">
        Only staff see these: never the customer, the channel or the transcript. In Discord,{' '}
        <code>/ticket note</code> adds one.
      </p>
      <ApiProblem
        state={list}
        loading="Loading the notes…"
        failed="The notes could not be loaded"
      />
      {list.status === 'ready' &&
        (list.data.notes.length === 0 ? (
          <p className="text-sm text-muted">No notes yet.</p>
        ) : (
          <ol aria-label="Notes" className="space-y-2">
            {list.data.notes.map((note) => (
              <li key={note.id} className="rounded-lg border border-line p-3 text-sm">
                <p className="text-xs text-muted">
                  <Person name={note.authorName} id={note.authorDiscordId} /> ·{' '}
                  <When value={note.createdAt} />
                  {note.via === 'discord' && ' · from Discord'}
                </p>
                <p className="mt-1 break-words whitespace-pre-wrap">{note.text}</p>
              </li>
            ))}
          </ol>
        ))}
      <form noValidate onSubmit={submit} aria-label="Add a note" className="space-y-2">
        <TextField
          id={`${id}-text`}
          name="text"
          label="New note"
          hint={`${measureText(text)} / ${TICKET_NOTE_MAX} characters`}
          rows={3}
          maxLength={TICKET_NOTE_MAX}
          value={text}
          error={error?.field}
          onValueChange={setText}
        />
        {error?.message && (
          <p role="alert" className="rounded-lg border border-red-400 bg-red-950 p-3 text-sm">
            {error.message}
          </p>
        )}
        <button type="submit" disabled={add.isPending} className={buttonClass('primary', 'sm')}>
          {add.isPending ? 'Adding…' : 'Add note'}
        </button>
      </form>
    </section>
  );
}
