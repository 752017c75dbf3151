import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { TOAST_DURATION_MS } from '../../../../core/site/site';

type ToastInput = {
  title: string;
  description?: string;
  /** 'destructive' for errors (spec §8: wrong passcode, failed submission). */
  variant?: 'default' | 'destructive';
  durationMs?: number;
};

type Toast = ToastInput & { id: number };

const ToastContext = createContext<((toast: ToastInput) => void) | null>(null);

/** `const toast = useToast(); toast({ title: 'Message sent', description: "…" })` */
export function useToast(): (toast: ToastInput) => void {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast needs a ToastProvider');
  return show;
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(0);
  const show = useCallback((toast: ToastInput) => {
    nextId.current += 1;
    const id = nextId.current;
    setToasts((current) => [...current, { ...toast, id }]);
  }, []);
  const dismiss = useCallback(
    (id: number) => setToasts((current) => current.filter((t) => t.id !== id)),
    [],
  );
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      {/* Two live regions that exist from the first render, so screen readers announce what
          is added to them: errors interrupt (assertive), the rest wait (polite). */}
      <div className="pointer-events-none fixed inset-x-4 bottom-4 z-[60] flex flex-col gap-2 sm:left-auto sm:w-full sm:max-w-sm">
        {(['default', 'destructive'] as const).map((variant) => (
          <div
            key={variant}
            role={variant === 'destructive' ? 'alert' : 'status'}
            aria-live={variant === 'destructive' ? 'assertive' : 'polite'}
            data-variant={variant}
            className="flex flex-col gap-2"
          >
            {toasts
              .filter((toast) => (toast.variant ?? 'default') === variant)
              .map((toast) => (
                <ToastItem key={toast.id} toast={toast} onDone={dismiss} />
              ))}
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, onDone }: { toast: Toast; onDone: (id: number) => void }) {
  useEffect(() => {
    const timer = setTimeout(() => onDone(toast.id), toast.durationMs ?? TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast, onDone]);
  const destructive = toast.variant === 'destructive';
  return (
    <div
      data-toast
      className={`pointer-events-auto rounded-lg border px-4 py-3 shadow-lg ${
        destructive ? 'border-red-400 bg-red-950 text-red-50' : 'border-line bg-panel text-white'
      }`}
    >
      <p className="font-semibold">{toast.title}</p>
      {toast.description && <p className="mt-1 text-sm opacity-90">{toast.description}</p>}
    </div>
  );
}
