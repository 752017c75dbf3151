import type { IconName } from '../../../core/site/icons';
// One external sprite (hashed, long-cached) instead of path strings in the bundle: the home
// page's JS budget is tight. icon.test.ts checks that every name has a <symbol> in it.
import spriteUrl from './icons.svg?no-inline';

/** Interface glyphs that are not content icons (so not in core's list). */
type UiIconName = 'chevron-down' | 'menu' | 'x' | 'search' | 'grid' | 'list' | 'copy' | 'external';

export const UI_ICON_NAMES: UiIconName[] = [
  'chevron-down',
  'menu',
  'x',
  'search',
  'grid',
  'list',
  'copy',
  'external',
];

type IconProps = {
  name: IconName | UiIconName;
  className?: string;
  /** Gives the icon an accessible name; without it the icon is decorative and hidden. */
  title?: string;
};

export function Icon({ name, className = 'size-5', title }: IconProps) {
  return (
    <svg
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      role={title ? 'img' : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
    >
      {title && <title>{title}</title>}
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
}
