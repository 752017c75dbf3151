import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { SCROLL_AREA_HIDE_DELAY_MS } from '../../../../core/site/site';

/** True while the user scrolls, and for `delayMs` after the last scroll event (spec §9). */
function useScrolling(delayMs = SCROLL_AREA_HIDE_DELAY_MS) {
  const [scrolling, setScrolling] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const onScroll = useCallback(() => {
    setScrolling(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setScrolling(false), delayMs);
  }, [delayMs]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return { scrolling, onScroll };
}

/**
 * A region that scrolls on its own with a thin scrollbar, shown while scrolling, hovered or
 * focused. Focusable so keyboard users can scroll it (WCAG 2.1.1).
 */
export function ScrollArea({
  label,
  className = '',
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const { scrolling, onScroll } = useScrolling();
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be keyboard-scrollable (WCAG 2.1.1)
      tabIndex={0}
      onScroll={onScroll}
      data-scrolling={scrolling || undefined}
      className={`overflow-y-auto [scrollbar-color:transparent_transparent] [scrollbar-width:thin] hover:[scrollbar-color:var(--color-line)_transparent] focus-visible:[scrollbar-color:var(--color-line)_transparent] data-scrolling:[scrollbar-color:var(--color-lavender)_transparent] ${className}`}
    >
      {children}
    </section>
  );
}
