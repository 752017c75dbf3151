import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link } from 'react-router';

// What a row allows, behind its "…" button (a Radix menu: arrows, Enter, Escape). The page
// says which actions a row has; a row with none shows no button, so nothing is offered that
// the server would refuse.

export type RowAction =
  | { label: string; href: string }
  | { label: string; onSelect: () => void; disabled?: boolean };

const ITEM =
  'flex cursor-pointer items-center rounded-md px-2 py-1.5 text-sm outline-none data-[disabled]:opacity-50 data-[highlighted]:bg-white/10';

const triggerLabel = (name: string) => `Actions for ${name}`;

/**
 * A dialog opened from a row's menu gives focus back to the row's "…" button on closing (its
 * menu item is gone by then), while the row is still there. For a Radix onCloseAutoFocus.
 */
export function focusRowActions(name: string) {
  return (event: Event) => {
    event.preventDefault();
    document
      .querySelector<HTMLElement>(`[aria-label="${CSS.escape(triggerLabel(name))}"]`)
      ?.focus();
  };
}

export function RowActions({ name, actions }: { name: string; actions: RowAction[] }) {
  if (actions.length === 0) return null;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={triggerLabel(name)}
        className="rounded-md px-2 py-0.5 text-lg leading-none text-muted hover:bg-white/10 hover:text-white"
      >
        …
      </DropdownMenu.Trigger>
      <DropdownMenu.Content
        align="end"
        sideOffset={4}
        className="z-50 min-w-40 rounded-lg border border-line bg-ink p-1 shadow-xl"
      >
        {actions.map((action) =>
          'href' in action ? (
            <DropdownMenu.Item key={action.label} asChild className={ITEM}>
              <Link to={action.href}>{action.label}</Link>
            </DropdownMenu.Item>
          ) : (
            <DropdownMenu.Item
              key={action.label}
              disabled={action.disabled}
              onSelect={action.onSelect}
              className={ITEM}
            >
              {action.label}
            </DropdownMenu.Item>
          ),
        )}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
