import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { type ReactNode, useId } from 'react';
import { ICON_NAMES, type IconName, isIconName } from '../../../../core/site/icons';
import { Icon } from '../../components/icon';
import { buttonClass } from '../../components/ui/button';

// Picks one of the icons the site draws (core/site/icons.ts, web/src/components/icons.svg),
// shown as they will look. A Radix menu of radio items: arrow keys move, Enter or Space picks,
// typing a name jumps to it, Escape closes with focus back on the button. Rendered in place
// (no portal), so it stays inside the dialog or form it belongs to.

const iconLabel = (name: string) => name.replace(/-/g, ' ');

export function IconPicker({
  label,
  value,
  onChange,
  error,
  focusKey,
}: {
  label: ReactNode;
  value: string;
  onChange: (icon: IconName) => void;
  error?: string;
  focusKey?: string;
}) {
  const id = useId();
  return (
    <div>
      <span id={`${id}-label`} className="block text-sm font-medium">
        {label}
      </span>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          data-focus={focusKey}
          aria-labelledby={`${id}-label ${id}-value`}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`${buttonClass('secondary', 'sm')} mt-1 w-full justify-start`}
        >
          {isIconName(value) && <Icon name={value} className="size-5 text-lavender" />}
          <span id={`${id}-value`}>{isIconName(value) ? iconLabel(value) : 'Choose an icon'}</span>
          <Icon name="chevron-down" className="ml-auto size-4" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Content
          align="start"
          sideOffset={4}
          loop
          className="z-50 grid max-h-72 w-[min(20rem,calc(100vw-2rem))] grid-cols-2 gap-1 overflow-y-auto rounded-lg border border-line bg-ink p-1 shadow-xl"
        >
          <DropdownMenu.RadioGroup
            value={value}
            onValueChange={(next) => {
              if (isIconName(next)) onChange(next);
            }}
            className="contents"
          >
            {ICON_NAMES.map((name) => (
              <DropdownMenu.RadioItem
                key={name}
                value={name}
                textValue={iconLabel(name)}
                className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-white/10 data-[state=checked]:bg-lavender/20"
              >
                <Icon name={name} className="size-5 text-lavender" />
                {iconLabel(name)}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Root>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
