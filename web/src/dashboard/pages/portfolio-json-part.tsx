import { type FormEvent, useId, useState } from 'react';
import type { Portfolio } from '../../../../core/portfolio/schema';
import { buttonClass } from '../../components/ui/button';
import { useSavePortfolioPart } from './portfolio-api';

// A portfolio's expertise cards or testimonials, edited as their JSON list like the home page's
// blocks (site-blocks.tsx): the server checks it with the part's core schema and names each bad
// field by its path.

const HINTS = {
  expertise: 'Expertise, a JSON list. Each: icon, title, description.',
  testimonials: 'Testimonials, a JSON list. Each: name, role, content.',
} as const;

type State = { busy: boolean; message?: string; errors: [string, string][]; saved?: boolean };

export function PortfolioJsonPart({
  portfolio,
  part,
}: {
  portfolio: Portfolio;
  part: keyof typeof HINTS;
}) {
  const save = useSavePortfolioPart(portfolio.username);
  const [state, setState] = useState<State>({ busy: false, errors: [] });
  const id = useId();
  const errorId = `${id}-errors`;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    let value: unknown;
    try {
      value = JSON.parse(String(new FormData(event.currentTarget).get('value') ?? ''));
    } catch {
      setState({ busy: false, message: 'This is not valid JSON.', errors: [] });
      return;
    }
    setState({ busy: true, errors: [] });
    const result = await save(part, value);
    if (result.ok) setState({ busy: false, errors: [], saved: true });
    else {
      setState({
        busy: false,
        message: result.message,
        errors: Object.entries(result.fieldErrors),
      });
    }
  }

  return (
    <form onSubmit={submit} className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium">
        {HINTS[part]}
      </label>
      <textarea
        id={id}
        name="value"
        rows={8}
        spellCheck={false}
        defaultValue={JSON.stringify(portfolio[part], null, 2)}
        aria-invalid={state.message ? true : undefined}
        aria-describedby={state.message ? errorId : undefined}
        className="block w-full rounded-md border border-line bg-panel/60 p-2 font-mono text-xs"
      />
      {state.message && (
        <div
          id={errorId}
          role="alert"
          className="rounded-lg border border-red-400 bg-red-950 p-3 text-sm"
        >
          <p>{state.message}</p>
          {state.errors.length > 0 && (
            <ul className="mt-1 list-disc pl-5">
              {state.errors.map(([path, message]) => (
                <li key={path}>
                  <code>{path === '_' ? '(list)' : path}</code>: {message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {state.saved && !state.message && (
        <p role="status" className="text-sm text-muted">
          Saved: the public page shows it now.
        </p>
      )}
      <button type="submit" disabled={state.busy} className={buttonClass('primary', 'sm')}>
        Save {part}
      </button>
    </form>
  );
}
