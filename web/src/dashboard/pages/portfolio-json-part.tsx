import { type FormEvent, useId, useState } from 'react';
import type { Portfolio } from '../../../../core/portfolio/schema';
import { buttonClass } from '../../components/ui/button';
import { JsonListInput, type JsonListState } from './json-list-input';
import { useSavePortfolioPart } from './portfolio-api';

// A portfolio's expertise cards or testimonials, edited as their JSON list like the home page's
// blocks (site-blocks.tsx): the server checks it with the part's core schema and names each bad
// field by its path.

const HINTS = {
  expertise: 'Expertise, a JSON list. Each: icon, title, description.',
  testimonials: 'Testimonials, a JSON list. Each: name, role, content.',
} as const;

export function PortfolioJsonPart({
  portfolio,
  part,
}: {
  portfolio: Portfolio;
  part: keyof typeof HINTS;
}) {
  const save = useSavePortfolioPart(portfolio.username);
  const [state, setState] = useState<JsonListState>({ busy: false, errors: [] });
  const id = useId();

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
      <JsonListInput id={id} rows={8} value={portfolio[part]} state={state} />
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
