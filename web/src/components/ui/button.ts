// Shared button/link looks, as class strings so <a>, <Link> and <button> all use them.
export type ButtonVariant = 'primary' | 'secondary' | 'ghost';

const BASE =
  'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-50';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-lavender text-ink hover:bg-lavender-strong',
  secondary: 'border border-line bg-panel/60 text-white hover:border-lavender',
  ghost: 'text-muted hover:bg-white/5 hover:text-white',
};

export function buttonClass(variant: ButtonVariant = 'primary', size: 'md' | 'sm' = 'md'): string {
  return `${BASE} ${VARIANTS[variant]} ${size === 'sm' ? 'px-3 py-1.5 text-sm' : 'px-5 py-2.5'}`;
}
