import { useEffect, useId, useRef, useState } from 'react';
import type { NavLink } from '../../../core/site/types';
import { Icon } from '../components/icon';
import { NavItem } from './nav-item';

/** Disclosure dropdown: opens on click, Enter/Space or hover; Escape and outside clicks close it. */
export function ServicesMenu({ link }: { link: NavLink }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
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

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover is a pointer shortcut; the button is the control
    <div
      ref={root}
      className="relative"
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
        className="flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-muted hover:text-white"
      >
        {link.label}
        <Icon
          name="chevron-down"
          className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`}
        />
      </button>
      <ul
        id={menuId}
        hidden={!open}
        className="absolute top-full left-0 w-60 rounded-xl border border-line bg-panel p-2 shadow-xl"
      >
        <li>
          <NavItem
            link={{ label: 'All services', href: link.href }}
            onNavigate={() => setOpen(false)}
          />
        </li>
        {link.children?.map((child) => (
          <li key={child.href}>
            <NavItem link={child} onNavigate={() => setOpen(false)} />
          </li>
        ))}
      </ul>
    </div>
  );
}
