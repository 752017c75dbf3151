import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { NavLink } from '../../../core/site/types';
import { Icon } from '../components/icon';
import { NavItem } from './nav-item';

// 'hover': opened by a mouse resting on it, closes when the mouse leaves. 'pinned': opened by a
// click, tap or key, stays until a click, Escape, an outside click or focus leaving closes it.
type OpenState = false | 'hover' | 'pinned';

/**
 * Disclosure dropdown of links, one behaviour for every input: a click, tap, Enter or Space
 * toggles it; a mouse hovering opens it and the click that usually follows keeps it open;
 * Arrow keys, Home and End move between the links; Escape closes it and returns focus.
 */
export function NavMenu({
  label,
  items,
  buttonClassName,
  align = 'left',
}: {
  label: ReactNode;
  items: NavLink[];
  buttonClassName: string;
  align?: 'left' | 'right';
}) {
  const [open, setOpen] = useState<OpenState>(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const hadFocus = root.current?.contains(document.activeElement);
      setOpen(false);
      if (hadFocus) button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  function onKeyDown(event: KeyboardEvent) {
    const links = [...(list.current?.querySelectorAll('a') ?? [])];
    const index = links.indexOf(document.activeElement as HTMLAnchorElement);
    const last = links.length - 1;
    const inList = index >= 0;
    const next = {
      ArrowDown: index + 1,
      ArrowUp: inList ? index - 1 : last,
      Home: inList ? 0 : undefined,
      End: inList ? last : undefined,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    // The links are hidden while closed: render them before moving focus.
    flushSync(() => setOpen('pinned'));
    links[(next + links.length) % links.length]?.focus();
  }

  const close = () => setOpen(false);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover is a pointer shortcut and the keys act on the button and links inside
    <div
      ref={root}
      className="relative"
      onKeyDown={onKeyDown}
      // Pointer events tell a mouse from a finger: a tap must not open on 'hover' first.
      onPointerEnter={(event) => {
        if (event.pointerType === 'mouse') setOpen((state) => state || 'hover');
      }}
      onPointerLeave={(event) => {
        if (event.pointerType === 'mouse') setOpen((state) => (state === 'hover' ? false : state));
      }}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget as Node | null)) close();
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={!!open}
        aria-controls={menuId}
        onClick={() => setOpen((state) => (state === 'pinned' ? false : 'pinned'))}
        className={buttonClassName}
      >
        {label}
        <Icon
          name="chevron-down"
          className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`}
        />
      </button>
      <ul
        ref={list}
        id={menuId}
        hidden={!open}
        className={`absolute top-full ${align === 'left' ? 'left-0' : 'right-0'} w-60 rounded-xl border border-line bg-panel p-2 shadow-xl`}
      >
        {items.map((item) => (
          <li key={item.href}>
            <NavItem link={item} onNavigate={close} />
          </li>
        ))}
      </ul>
    </div>
  );
}
