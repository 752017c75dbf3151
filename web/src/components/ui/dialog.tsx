import { type ReactNode, useEffect, useRef } from 'react';
import { MODAL_MAX_VH } from '../../../../core/site/site';

const FOCUSABLE =
  'a[href],button:not([disabled]),input:not([disabled]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])';

/**
 * Modal dialog: Escape and backdrop click close it, Tab stays inside, focus returns to the
 * element that opened it, and it is at most MODAL_MAX_VH of the viewport with its own scroll.
 * Render it only while open (`{open && <Dialog …/>}`).
 */
export function Dialog({
  onClose,
  labelledBy,
  children,
  className = 'max-w-2xl',
}: {
  onClose: () => void;
  /** id of the element that names the dialog (its heading). */
  labelledBy: string;
  children: ReactNode;
  className?: string;
}) {
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const first = panel.current?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel.current)?.focus();

    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        event.preventDefault();
        close.current();
        return;
      }
      if (event.key !== 'Tab' || !panel.current) return;
      const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const head = items[0];
      const tail = items[items.length - 1];
      const active = document.activeElement;
      if (!head || !tail) {
        event.preventDefault();
      } else if (event.shiftKey && (active === head || !panel.current.contains(active))) {
        event.preventDefault();
        tail.focus();
      } else if (!event.shiftKey && (active === tail || !panel.current.contains(active))) {
        event.preventDefault();
        head.focus();
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
      opener?.focus();
    };
  }, []);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop is a pointer shortcut; Escape closes from the keyboard
    <div
      data-dialog-backdrop
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/70 p-4 backdrop-blur-sm"
      onMouseDown={(event) => {
        if (event.target !== event.currentTarget) return;
        // Without this the browser moves focus to <body> after we restored it to the opener.
        event.preventDefault();
        close.current();
      }}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        tabIndex={-1}
        style={{ maxHeight: `${MODAL_MAX_VH}vh` }}
        className={`w-full overflow-y-auto rounded-2xl border border-line bg-panel shadow-2xl ${className}`}
      >
        {children}
      </div>
    </div>
  );
}
