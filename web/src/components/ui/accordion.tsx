import { type KeyboardEvent, type ReactNode, useId, useState } from 'react';
import { ACCORDION_MAX_HEIGHT_PX } from '../../../../core/site/site';
import { Icon } from '../icon';

type AccordionItem = { id: string; title: ReactNode; content: ReactNode };

/**
 * WAI-ARIA accordion: at most one item open, clicking the open one closes it (spec §4).
 * Up/Down/Home/End move between headers. Panels stay in the markup (hidden) so prerendered
 * HTML carries every section's text.
 */
export function Accordion({
  items,
  defaultOpenId = null,
  className = '',
}: {
  items: AccordionItem[];
  defaultOpenId?: string | null;
  className?: string;
}) {
  const [openId, setOpenId] = useState<string | null>(defaultOpenId);
  const baseId = useId();

  function moveFocus(event: KeyboardEvent<HTMLButtonElement>) {
    const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
    if (!keys.includes(event.key)) return;
    const root = event.currentTarget.closest('[data-accordion]');
    const headers = [
      ...(root?.querySelectorAll<HTMLButtonElement>('[data-accordion-header]') ?? []),
    ];
    const index = headers.indexOf(event.currentTarget);
    const last = headers.length - 1;
    const next = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: last }[event.key] ?? 0;
    event.preventDefault();
    headers[(next + headers.length) % headers.length]?.focus();
  }

  return (
    <div
      data-accordion
      className={`divide-y divide-line rounded-xl border border-line bg-panel ${className}`}
    >
      {items.map((item) => {
        const open = openId === item.id;
        const buttonId = `${baseId}${item.id}-h`;
        const panelId = `${baseId}${item.id}-p`;
        return (
          <div key={item.id}>
            <h2 className="text-lg font-semibold">
              <button
                type="button"
                id={buttonId}
                data-accordion-header
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenId(open ? null : item.id)}
                onKeyDown={moveFocus}
                className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left hover:text-lavender-strong"
              >
                {item.title}
                <Icon
                  name="chevron-down"
                  className={`size-5 shrink-0 transition-transform ${open ? 'rotate-180' : ''}`}
                />
              </button>
            </h2>
            <section
              id={panelId}
              aria-labelledby={buttonId}
              hidden={!open}
              style={{ maxHeight: ACCORDION_MAX_HEIGHT_PX }}
              className="overflow-y-auto px-5 pb-5 text-muted"
            >
              {item.content}
            </section>
          </div>
        );
      })}
    </div>
  );
}
