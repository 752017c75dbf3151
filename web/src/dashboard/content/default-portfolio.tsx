import { type FormEvent, useId, useState } from 'react';
import { portfolioPath } from '../../../../core/site/routes';
import { buttonClass } from '../../components/ui/button';
import { useStaffQuery } from '../query';
import { useScrollToTarget } from '../use-scroll-to-target';
import { FormMessage, inputClass } from './content-field';
import { PORTFOLIOS_ENDPOINT } from './portfolio-api';
import { useSiteBlock } from './site-block';

// The default portfolio: where the nav's Portfolio link leads, and what a portfolio address
// nobody has shows (spec §2). DEFAULT_PORTFOLIO_USERNAME until an executive chooses here;
// "None" hides the link and answers unknown addresses with the 404 page.

export type PortfolioList = {
  defaultUsername: string | null;
  portfolios: { username: string; name: string; title: string; demo: boolean }[];
};

const NONE = '';

export function DefaultPortfolioEditor() {
  const block = useSiteBlock('portfolio');
  const list = useStaffQuery<PortfolioList>(PORTFOLIOS_ENDPOINT);
  const ready = block.answer.status === 'ready' && list.status === 'ready';
  useScrollToTarget('portfolio', ready);
  return (
    <section
      id="portfolio"
      aria-labelledby="block-portfolio-title"
      className="scroll-mt-24 space-y-3 rounded-xl border border-line p-4"
    >
      <h2 id="block-portfolio-title" className="text-lg font-bold">
        Default portfolio
      </h2>
      {!ready && block.answer.status !== 'error' && list.status !== 'error' && (
        <p>Loading the portfolios…</p>
      )}
      {block.answer.status === 'error' && <p role="alert">{block.answer.error.message}</p>}
      {list.status === 'error' && <p role="alert">{list.error.message}</p>}
      {block.answer.status === 'ready' && list.status === 'ready' && (
        <DefaultPortfolioForm
          block={block}
          saved={block.answer.data.value.defaultUsername}
          portfolios={list.data.portfolios}
        />
      )}
    </section>
  );
}

function DefaultPortfolioForm({
  block,
  saved,
  portfolios,
}: {
  block: ReturnType<typeof useSiteBlock<'portfolio'>>;
  saved: string | null;
  portfolios: PortfolioList['portfolios'];
}) {
  const [chosen, setChosen] = useState(saved ?? NONE);
  const selectId = useId();
  const hintId = `${selectId}-hint`;
  const missing = saved !== null && !portfolios.some((one) => one.username === saved);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    block.submit({ defaultUsername: chosen === NONE ? null : chosen }, (stored) =>
      setChosen(stored.defaultUsername ?? NONE),
    );
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Default portfolio"
      className="max-w-2xl space-y-3"
    >
      <div>
        <label htmlFor={selectId} className="block text-sm font-medium">
          Portfolio the nav links to
        </label>
        <select
          id={selectId}
          value={chosen}
          onChange={(event) => setChosen(event.target.value)}
          aria-describedby={hintId}
          aria-invalid={block.problems.fieldErrors.defaultUsername ? true : undefined}
          className={`${inputClass} max-w-sm`}
        >
          <option value={NONE}>None: no Portfolio link in the nav</option>
          {missing && <option value={saved}>@{saved} (does not exist)</option>}
          {portfolios.map((one) => (
            <option key={one.username} value={one.username}>
              {one.name} (@{one.username}){one.demo ? ' (demo)' : ''}
            </option>
          ))}
        </select>
        <p id={hintId} className="mt-1 text-xs text-muted">
          Also shown for a portfolio address nobody has.{' '}
          {chosen !== NONE && (
            <a href={portfolioPath(chosen)} className="text-lavender-strong underline">
              View it
            </a>
          )}
        </p>
        {block.problems.fieldErrors.defaultUsername && (
          <p className="mt-1 text-sm text-red-300">{block.problems.fieldErrors.defaultUsername}</p>
        )}
      </div>
      <FormMessage message={block.problems.message} />
      {block.save.isSuccess && (
        <p role="status" className="text-sm text-muted">
          Saved: every page’s nav follows it now.
        </p>
      )}
      <button
        type="submit"
        disabled={block.save.isPending}
        className={buttonClass('primary', 'sm')}
      >
        {block.save.isPending ? 'Saving…' : 'Save default portfolio'}
      </button>
    </form>
  );
}
