import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { flattenFieldErrors } from '../../../../core/shared/field-errors';
import type {
  CustomerTicket,
  CustomerTicketConflict,
} from '../../../../core/tickets/customer-view';
import {
  TICKET_DEADLINE_MAX,
  TICKET_REQUEST_MAX,
  TicketIntakeSchema,
} from '../../../../core/tickets/intake';
import { sendJson } from '../../data/post-json';
import { useInvalidate } from '../../data/use-api';
import { buttonClass } from '../ui/button';
import { TextField } from '../ui/field';
import { CUSTOMER_SESSION_URL } from './customer-gate';

type Fields = { request: string; budgetRobux: string; deadline: string; robloxUsername: string };
const EMPTY: Fields = { request: '', budgetRobux: '', deadline: '', robloxUsername: '' };
/** In the order of the form, so focus goes to the first invalid field. */
const FIELDS = ['request', 'budgetRobux', 'deadline', 'robloxUsername'] as const;

// What was typed is kept in this tab until the ticket opens: a sign-in that expired between
// two visits sends the customer through Discord and back, and nothing has to be typed again.
const draftKey = (serviceKey: string) => `lunar-order-draft:${serviceKey}`;

function readDraft(serviceKey: string): Fields {
  try {
    const stored = JSON.parse(sessionStorage.getItem(draftKey(serviceKey)) ?? 'null');
    return { ...EMPTY, ...(stored && typeof stored === 'object' ? stored : {}) };
  } catch {
    return EMPTY;
  }
}

function writeDraft(serviceKey: string, fields: Fields | null) {
  try {
    if (fields) sessionStorage.setItem(draftKey(serviceKey), JSON.stringify(fields));
    else sessionStorage.removeItem(draftKey(serviceKey));
  } catch {
    // Storage off (private mode, quota): the draft just is not kept.
  }
}

/** The intake the Discord modal asks for, checked by the same schema (core/tickets). */
export function IntakeForm({ serviceKey }: { serviceKey: string }) {
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const [fields, setFields] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<{ message: string; existing?: number } | null>(null);
  const [sending, setSending] = useState(false);
  const [focusRequest, setFocusRequest] = useState<{ id: string } | null>(null);
  const id = useId();

  useEffect(() => {
    if (focusRequest) document.getElementById(focusRequest.id)?.focus();
  }, [focusRequest]);

  // After hydration only: the server's HTML and the first render must match.
  useEffect(() => setFields(readDraft(serviceKey)), [serviceKey]);

  const check = (values: Fields) => {
    const result = TicketIntakeSchema.safeParse({ service: serviceKey, ...values });
    return result.success ? {} : flattenFieldErrors(result.error);
  };

  const set = (name: keyof Fields) => (value: string) => {
    const next = { ...fields, [name]: value };
    setFields(next);
    writeDraft(serviceKey, next);
    if (errors[name]) {
      const { [name]: _fixed, ...others } = errors;
      const error = check(next)[name];
      setErrors(error ? { ...others, [name]: error } : others);
    }
  };

  function showErrors(fieldErrors: Record<string, string>) {
    setErrors(fieldErrors);
    const first = FIELDS.find((name) => fieldErrors[name]);
    if (first) setFocusRequest({ id: `${id}-${first}` });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const invalid = check(fields);
    if (Object.keys(invalid).length > 0) return showErrors(invalid);
    setSending(true);
    const result = await sendJson<CustomerTicket>('POST', '/api/customer/tickets', {
      service: serviceKey,
      ...fields,
    });
    setSending(false);
    if (result.ok) {
      writeDraft(serviceKey, null);
      navigate(`/orders/${result.data.number}`);
      return;
    }
    // The session ended (its Discord token expired): the page asks to continue with Discord.
    if (result.status === 401) {
      await invalidate(CUSTOMER_SESSION_URL);
      return;
    }
    // The customer's text stays in the fields, so nothing has to be typed again.
    showErrors(result.fieldErrors);
    const conflict = result.status === 409 ? (result.body as CustomerTicketConflict) : null;
    setProblem({ message: result.message, existing: conflict?.existing?.number });
  }

  return (
    <form noValidate onSubmit={submit} className="mt-8 space-y-5" aria-busy={sending}>
      <TextField
        id={`${id}-request`}
        name="request"
        label="What do you want?"
        hint="The more we know (colours, style, references), the better the first draft."
        rows={5}
        maxLength={TICKET_REQUEST_MAX}
        required
        value={fields.request}
        error={errors.request}
        onValueChange={set('request')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id={`${id}-budgetRobux`}
          name="budgetRobux"
          label="Budget (Robux)"
          required
          value={fields.budgetRobux}
          error={errors.budgetRobux}
          onValueChange={set('budgetRobux')}
        />
        <TextField
          id={`${id}-deadline`}
          name="deadline"
          label="Deadline"
          hint="A date, or “no rush”."
          maxLength={TICKET_DEADLINE_MAX}
          required
          value={fields.deadline}
          error={errors.deadline}
          onValueChange={set('deadline')}
        />
      </div>
      <TextField
        id={`${id}-robloxUsername`}
        name="robloxUsername"
        label="Roblox username"
        autoComplete="username"
        maxLength={20}
        required
        value={fields.robloxUsername}
        error={errors.robloxUsername}
        onValueChange={set('robloxUsername')}
      />
      {problem && (
        <p role="alert" className="rounded-xl border border-red-400 bg-red-950 p-4">
          {problem.message}
          {problem.existing !== undefined && (
            <>
              {' '}
              <Link to={`/orders/${problem.existing}`} className="font-semibold underline">
                See that ticket
              </Link>
            </>
          )}
        </p>
      )}
      <button
        type="submit"
        disabled={sending}
        className={`${buttonClass('primary')} w-full sm:w-auto`}
      >
        {sending ? 'Opening your ticket…' : 'Open my ticket'}
      </button>
    </form>
  );
}
