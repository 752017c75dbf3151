import { type FormEvent, useId, useState } from 'react';
import type { SiteContent, SiteContentKey } from '../../../../core/site/site-content';
import { buttonClass } from '../../components/ui/button';
import { sendJson } from '../../data/post-json';
import { useInvalidateApi, useStaffQuery } from '../query';
import { JsonListInput, type JsonListState } from './json-list-input';

// The home page's blocks (promos, services, pricing, stats), each edited as its JSON list: the
// server checks it with the block's core schema and names each bad field by its path
// (e.g. "0.endsOn"), shown under the editor. Reset returns a block to the default in core/site.

const LABELS: Record<SiteContentKey, { title: string; hint: string }> = {
  promos: {
    title: 'Promos',
    hint: 'Each: id, text, optional badge and buttonLabel, startsOn and endsOn (YYYY-MM-DD, UTC, inclusive).',
  },
  services: { title: 'Services', hint: 'Each: id (the anchor), icon, title, description.' },
  pricing: { title: 'Pricing', hint: 'Each: title, price (Robux), features (list), popular.' },
  stats: { title: 'Stats', hint: 'Each: icon, value, label.' },
};

type Answer<K extends SiteContentKey> = { value: SiteContent[K]; stored: boolean };

export function SiteBlockEditor<K extends SiteContentKey>({ blockKey }: { blockKey: K }) {
  const endpoint = `/api/staff/content/site/${blockKey}`;
  const answer = useStaffQuery<Answer<K>>(endpoint);
  const invalidate = useInvalidateApi();
  const [state, setState] = useState<JsonListState>({ busy: false, errors: [] });
  const id = useId();
  const { title, hint } = LABELS[blockKey];

  async function run(method: 'PUT' | 'DELETE', body?: unknown) {
    setState({ busy: true, errors: [] });
    const result = await sendJson(method, endpoint, body);
    if (result.ok) {
      await invalidate(endpoint);
      setState({ busy: false, errors: [], saved: true });
    } else {
      setState({
        busy: false,
        message: result.message,
        errors: Object.entries(result.fieldErrors),
      });
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get('value') ?? '');
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      setState({ busy: false, message: 'This is not valid JSON.', errors: [] });
      return;
    }
    void run('PUT', parsed);
  }

  if (answer.status === 'loading') return <p>Loading {title.toLowerCase()}…</p>;
  if (answer.status !== 'ready') return <p role="alert">{answer.error.message}</p>;
  return (
    <form onSubmit={submit} className="space-y-2" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {title} {answer.data.stored ? '' : <span className="text-sm text-muted">(default)</span>}
      </h2>
      <label htmlFor={id} className="block text-sm">
        {hint}
      </label>
      <JsonListInput
        // A new answer (saved, reset) replaces what is typed.
        key={JSON.stringify(answer.data.value)}
        id={id}
        rows={10}
        value={answer.data.value}
        state={state}
      />
      {state.saved && !state.message && (
        <p role="status" className="text-sm text-muted">
          Saved: the public pages show it now.
        </p>
      )}
      <div className="flex gap-2">
        <button type="submit" disabled={state.busy} className={buttonClass('primary', 'sm')}>
          Save {title.toLowerCase()}
        </button>
        {answer.data.stored && (
          <button
            type="button"
            disabled={state.busy}
            className={buttonClass('ghost', 'sm')}
            onClick={() => void run('DELETE')}
          >
            Reset to default
          </button>
        )}
      </div>
    </form>
  );
}
