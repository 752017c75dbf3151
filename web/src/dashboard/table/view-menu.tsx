import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { buttonClass } from '../../components/ui/button';

/** The part of a TanStack table the menu needs (any row type). */
type VisibilityTable = {
  getAllLeafColumns: () => {
    id: string;
    getCanHide: () => boolean;
    getIsVisible: () => boolean;
    toggleVisibility: (value?: boolean) => void;
    columnDef: { header?: unknown };
  }[];
};

/**
 * The toolbar's View menu: which columns show, as a Radix menu of checkbox items (arrow keys,
 * Space/Enter to toggle, Escape to close with focus back on the button). It stays open while
 * toggling, so several columns change in one visit; the table remembers the choice
 * (column-visibility.ts). Rendered in place, not in a portal, so it stays inside the page's
 * landmarks.
 */
export function ViewMenu({ table }: { table: VisibilityTable }) {
  const hideable = table.getAllLeafColumns().filter((column) => column.getCanHide());
  if (hideable.length === 0) return null;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={buttonClass('secondary', 'sm')}>View</DropdownMenu.Trigger>
      <DropdownMenu.Content
        align="end"
        sideOffset={4}
        className="z-50 min-w-44 rounded-lg border border-line bg-ink p-1 shadow-xl"
      >
        <DropdownMenu.Label className="px-2 py-1 text-xs text-muted">
          Shown columns
        </DropdownMenu.Label>
        {hideable.map((column) => (
          <DropdownMenu.CheckboxItem
            key={column.id}
            checked={column.getIsVisible()}
            onCheckedChange={(checked) => column.toggleVisibility(checked)}
            onSelect={(event) => event.preventDefault()}
            className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-white/10"
          >
            <span aria-hidden="true" className="inline-block w-4 text-center">
              <DropdownMenu.ItemIndicator>✓</DropdownMenu.ItemIndicator>
            </span>
            {String(column.columnDef.header ?? column.id)}
          </DropdownMenu.CheckboxItem>
        ))}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
