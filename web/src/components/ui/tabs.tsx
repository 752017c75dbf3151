import { type KeyboardEvent, type ReactNode, useId, useState } from 'react';

type TabItem = { id: string; label: ReactNode; content: ReactNode };

/** WAI-ARIA tabs with automatic activation: Left/Right/Home/End move and select. */
export function Tabs({
  items,
  label,
  defaultId,
}: {
  items: TabItem[];
  /** Accessible name of the tab list. */
  label: string;
  defaultId?: string;
}) {
  const [selected, setSelected] = useState(defaultId ?? items[0]?.id);
  const baseId = useId();

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = items.findIndex((item) => item.id === selected);
    const last = items.length - 1;
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const item = items[(next + items.length) % items.length];
    if (!item) return;
    setSelected(item.id);
    document.getElementById(`${baseId}${item.id}-t`)?.focus();
  }

  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="flex gap-1 border-b border-line"
      >
        {items.map((item) => {
          const active = item.id === selected;
          return (
            <button
              key={item.id}
              type="button"
              role="tab"
              id={`${baseId}${item.id}-t`}
              aria-selected={active}
              aria-controls={`${baseId}${item.id}-p`}
              tabIndex={active ? 0 : -1}
              onClick={() => setSelected(item.id)}
              className={`-mb-px border-b-2 px-4 py-2 text-sm font-semibold capitalize ${
                active
                  ? 'border-lavender text-white'
                  : 'border-transparent text-muted hover:text-white'
              }`}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) => (
        <div
          key={item.id}
          role="tabpanel"
          id={`${baseId}${item.id}-p`}
          aria-labelledby={`${baseId}${item.id}-t`}
          hidden={item.id !== selected}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: WAI-ARIA tabs: a panel without focusable content must be reachable
          tabIndex={0}
          className="pt-4"
        >
          {item.content}
        </div>
      ))}
    </div>
  );
}
