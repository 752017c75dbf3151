import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { type FieldErrors, flattenFieldErrors } from '../../../../core/shared/field-errors';
import { FIX_FIELDS_MESSAGE, refusal } from '../content/content-field';
import type { SendFailed } from '../query';

// A form's save checked in the browser with the same core schema the server checks it with: a
// value the schema refuses is not sent, and its errors show beside their fields (by path, in
// the schema's words) exactly as the server's would. The write is a useStaffMutation.

export function useCheckedSave<Data, Vars = unknown>(
  schema: z.ZodType,
  mutation: UseMutationResult<Data, SendFailed, Vars>,
  /** What the mutation is sent for a checked value (by default the value itself). */
  toVars: (value: unknown) => Vars = (value) => value as Vars,
) {
  const [checked, setChecked] = useState<FieldErrors | null>(null);
  return {
    /** What to show: the form's own check, else the server's refusal (or nothing). */
    problems: checked
      ? { message: FIX_FIELDS_MESSAGE, fieldErrors: checked }
      : refusal(mutation.error),
    /** Checks and sends `value`; false when the check found fields to fix. */
    submit(value: unknown, onSaved?: (data: Data) => void): boolean {
      mutation.reset();
      const parsed = schema.safeParse(value);
      if (!parsed.success) {
        setChecked(flattenFieldErrors(parsed.error));
        return false;
      }
      setChecked(null);
      mutation.mutate(toVars(value), { onSuccess: (data) => onSaved?.(data) });
      return true;
    },
    /** Forgets the shown errors (rows moved: errors by row number no longer fit). */
    clear() {
      setChecked(null);
      mutation.reset();
    },
  };
}
