import { config, z } from 'zod';
import { measureText } from './text-length';

// In the browser, zod probes whether it may compile parsers with `new Function`; under the
// site's CSP (no 'unsafe-eval') the probe is reported as a violation on every page with a form.
// Every form schema is built with `text()` below, so this module runs before any of them
// parses. The server keeps the compiled parsers.
if (typeof document !== 'undefined') config({ jitless: true });

// The one rule for text that people type (forms, bot modals and options, staff APIs); see
// docs/decisions/021-one-text-rule.md. Postgres cannot store NUL, a lone surrogate cannot be
// encoded as UTF-8 (JSON.parse keeps `\udc00` as it is), and other control characters only hide
// or garble text in the dashboard and in Discord, so all three are refused with a 400 that names
// the field. Newlines and tabs are the only control characters an answer needs.

const LONE_SURROGATE = /\p{Cs}/u;
// Any Cc but newline and tab; CR is folded into newline before this runs.
const CONTROL_CHARACTER = /(?![\n\t])\p{Cc}/u;

/** Why `value` cannot be stored as text (a phrase following the field's label), or null. */
function findTextProblem(value: string): string | null {
  if (value.includes('\u0000')) return 'contains a NUL character';
  if (LONE_SURROGATE.test(value)) return 'contains broken Unicode (a lone surrogate)';
  if (CONTROL_CHARACTER.test(value)) {
    return 'contains a control character (only line breaks and tabs are allowed)';
  }
  return null;
}

export function hasLoneSurrogate(value: string): boolean {
  return LONE_SURROGATE.test(value);
}

type TextOptions = {
  /** Most characters (as `measureText` counts) after trimming. */
  max: number;
  /** Fewest characters; 1 makes the field required. Default 0. */
  min?: number;
  /** Shown when the field is missing or blank (min ≥ 1). Default "<label> is required". */
  requiredMessage?: string;
  /** Shown when shorter than `min` (min > 1). */
  minMessage?: string;
  /** Leading and trailing white space dropped before counting. Default true. */
  trim?: boolean;
};

/**
 * A text field under the one rule: line breaks folded to \n, refused if it holds NUL, a lone
 * surrogate or a control character, NFC-normalised, trimmed, then counted with `measureText`.
 */
export function text(label: string, options: TextOptions) {
  const { max, min = 0, trim = true } = options;
  const requiredMessage = options.requiredMessage ?? `${label} is required`;
  const minMessage = options.minMessage ?? `${label} must be at least ${min} characters`;
  return z
    .string({ error: min > 0 ? requiredMessage : `${label} must be text` })
    .transform((value, ctx) => {
      const folded = value.replace(/\r\n?/g, '\n');
      const problem = findTextProblem(folded);
      if (problem) {
        ctx.issues.push({ code: 'custom', message: `${label} ${problem}`, input: value });
        return z.NEVER;
      }
      const normal = folded.normalize('NFC');
      const cleaned = trim ? normal.trim() : normal;
      const length = measureText(cleaned);
      if (length < min) {
        const message = length === 0 || min === 1 ? requiredMessage : minMessage;
        ctx.issues.push({ code: 'custom', message, input: value });
        return z.NEVER;
      }
      if (length > max) {
        const message = `${label} must be at most ${max} characters`;
        ctx.issues.push({ code: 'custom', message, input: value });
        return z.NEVER;
      }
      return cleaned;
    });
}
