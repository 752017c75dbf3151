import type { ApplicationType } from './schema';

// The reference an applicant is shown after submitting and staff see on the Discord message
// and in the dashboard: the type's prefix and the row id, zero-padded so references line up
// and read as codes, not counts (docs/decisions/013-application-reference-and-decision-dm.md).

const PREFIXES: Record<ApplicationType, string> = { moderator: 'MOD', designer: 'DES' };
const DIGITS = 6;

/** `MOD-000123` for moderator application 123; ids past 999999 simply grow longer. */
export function applicationReference(type: ApplicationType, id: number): string {
  return `${PREFIXES[type]}-${String(id).padStart(DIGITS, '0')}`;
}

/** The type and id a reference names (any case, padding optional), or null. */
export function parseApplicationReference(
  reference: string,
): { type: ApplicationType; id: number } | null {
  const match = /^(MOD|DES)-(\d{1,15})$/i.exec(reference.trim());
  if (!match?.[1] || !match[2]) return null;
  const id = Number(match[2]);
  if (!Number.isSafeInteger(id) || id < 1) return null;
  return { type: match[1].toUpperCase() === 'MOD' ? 'moderator' : 'designer', id };
}

/** The application's page in the staff dashboard, relative to the site's address. */
export function applicationDashboardPath(id: number): string {
  return `/dashboard/applications/${id}`;
}
