import { type FormEvent, useEffect, useRef, useState } from 'react';
import { PORTFOLIO_LIMITS, type Portfolio } from '../../../../core/portfolio/schema';
import { buttonClass } from '../../components/ui/button';
import {
  FormMessage,
  type FormState,
  IDLE,
  inputClass,
  refusedState,
  SAVING,
} from './content-field';
import { useSavePortfolioPart } from './portfolio-api';

// A portfolio's skills (the public page's percentage bars): add, remove and reorder here, then
// save the list as shown. Nothing is stored until 'Save skills', so removing needs no
// confirmation; 'Undo changes' brings back what is saved.

type Row = { key: number; name: string; level: string };

let nextKey = 0;
const rowsOf = (portfolio: Portfolio): Row[] =>
  portfolio.skills.map((skill) => ({
    key: nextKey++,
    name: skill.name,
    level: String(skill.level),
  }));

export function SkillsEditor({ portfolio }: { portfolio: Portfolio }) {
  const save = useSavePortfolioPart(portfolio.username);
  const [rows, setRows] = useState(() => rowsOf(portfolio));
  const [state, setState] = useState<FormState & { saved?: boolean }>(IDLE);
  // Moving a row moves its buttons in the page: focus follows the button that was pressed.
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (!focusTarget) return;
    list.current?.querySelector<HTMLElement>(`[data-focus="${focusTarget}"]`)?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const update = (key: number, change: Partial<Row>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));
  function move(index: number, by: -1 | 1) {
    const target = index + by;
    const row = rows[index];
    if (!row || target < 0 || target >= rows.length) return;
    const next = rows.filter((_, at) => at !== index);
    next.splice(target, 0, row);
    setRows(next);
    const atEdge = target === 0 || target === rows.length - 1;
    const direction = atEdge ? (by === -1 ? 'down' : 'up') : by === -1 ? 'up' : 'down';
    setFocusTarget(`${row.key}-${direction}`);
  }
  function add() {
    const key = nextKey++;
    setRows((current) => [...current, { key, name: '', level: '80' }]);
    setFocusTarget(`${key}-name`);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setState(SAVING);
    const skills = rows.map((row) => ({
      name: row.name,
      level: row.level.trim() === '' ? null : Number(row.level),
    }));
    const result = await save('skills', skills);
    if (result.ok) setState({ ...IDLE, saved: true });
    else setState(refusedState(result));
  }

  const listError = state.fieldErrors._;
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="portfolio-skills-title"
      className="space-y-3"
    >
      <h3 id="portfolio-skills-title" className="text-lg font-bold">
        Skills
      </h3>
      {rows.length === 0 && <p className="text-sm text-muted">No skills yet.</p>}
      <ol ref={list} className="space-y-2">
        {rows.map((row, index) => {
          const number = index + 1;
          const nameError = state.fieldErrors[`${index}.name`];
          const levelError = state.fieldErrors[`${index}.level`];
          const errorId = `skill-${row.key}-error`;
          const described = nameError || levelError ? errorId : undefined;
          return (
            <li
              key={row.key}
              className="flex flex-wrap items-end gap-2 rounded-lg border border-line p-2"
            >
              <label className="block grow text-sm">
                <span className="sr-only">Skill {number} </span>Name
                <input
                  type="text"
                  data-focus={`${row.key}-name`}
                  value={row.name}
                  onChange={(event) => update(row.key, { name: event.target.value })}
                  aria-invalid={nameError ? true : undefined}
                  aria-describedby={described}
                  className={inputClass}
                />
              </label>
              <label className="block w-28 text-sm">
                <span className="sr-only">Skill {number} </span>Level (%)
                <input
                  type="number"
                  min={0}
                  max={100}
                  value={row.level}
                  onChange={(event) => update(row.key, { level: event.target.value })}
                  aria-invalid={levelError ? true : undefined}
                  aria-describedby={described}
                  className={inputClass}
                />
              </label>
              <div className="flex gap-1">
                <button
                  type="button"
                  data-focus={`${row.key}-up`}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                  className={buttonClass('ghost', 'sm')}
                >
                  Up<span className="sr-only">: move skill {number} up</span>
                </button>
                <button
                  type="button"
                  data-focus={`${row.key}-down`}
                  disabled={index === rows.length - 1}
                  onClick={() => move(index, 1)}
                  className={buttonClass('ghost', 'sm')}
                >
                  Down<span className="sr-only">: move skill {number} down</span>
                </button>
                <button
                  type="button"
                  onClick={() => setRows((current) => current.filter((one) => one.key !== row.key))}
                  className={buttonClass('ghost', 'sm')}
                >
                  Remove<span className="sr-only"> skill {number}</span>
                </button>
              </div>
              {described && (
                <p id={errorId} className="w-full text-sm text-red-300">
                  {[nameError, levelError].filter(Boolean).join(' · ')}
                </p>
              )}
            </li>
          );
        })}
      </ol>
      <FormMessage message={listError ? `${state.message} ${listError}` : state.message} />
      {state.saved && (
        <p role="status" className="text-sm text-muted">
          Skills saved: the public page shows them now.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          onClick={add}
          disabled={rows.length >= PORTFOLIO_LIMITS.skills}
          className={buttonClass('secondary', 'sm')}
        >
          Add skill
        </button>
        <button type="submit" disabled={state.busy} className={buttonClass('primary', 'sm')}>
          {state.busy ? 'Saving…' : 'Save skills'}
        </button>
        <button
          type="button"
          onClick={() => {
            setRows(rowsOf(portfolio));
            setState(IDLE);
          }}
          className={buttonClass('ghost', 'sm')}
        >
          Undo changes
        </button>
      </div>
    </form>
  );
}
