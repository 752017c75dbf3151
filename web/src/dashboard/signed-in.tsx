import type { StaffIdentity } from '../../../core/auth/principal';
import { ROLE_LABELS, STAFF_ROLES } from '../../../core/auth/roles';

// Who is signed in, at the top of the dashboard's side nav: staff share computers and phones,
// and a lead signed in as themselves sees other sections than an executive does.

/** The most senior role held ("Executive" for an executive who is also a designer). */
export function seniorRoleLabel(roles: StaffIdentity['roles']): string {
  const senior = [...STAFF_ROLES].reverse().find((role) => roles.includes(role));
  return senior ? ROLE_LABELS[senior] : 'Staff';
}

/** "Nova Dev" → "ND", "nova" → "NO": the avatar's letters. */
export function initialsOf(name: string): string {
  const words = name.match(/[\p{L}\p{N}]+/gu) ?? [];
  const letters =
    words.length > 1
      ? `${words[0]?.[0] ?? ''}${words[1]?.[0] ?? ''}`
      : (words[0] ?? '?').slice(0, 2);
  return letters.toUpperCase();
}

/** Named as colleagues know them (their Discord name), the username on hover. */
export function SignedInAs({ me }: { me: StaffIdentity }) {
  const name = me.name?.trim() ? me.name : me.username;
  return (
    <div className="mb-3 flex items-center gap-3 rounded-lg border border-line bg-panel/60 p-2">
      <span
        aria-hidden="true"
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-lavender/30 text-sm font-bold text-lavender-strong"
      >
        {initialsOf(name)}
      </span>
      <span className="min-w-0 text-sm">
        <span className="sr-only">Signed in as </span>
        <span className="block truncate font-semibold" title={`@${me.username}`}>
          {name}
        </span>
        <span className="block text-xs text-muted">{seniorRoleLabel(me.roles)}</span>
      </span>
    </div>
  );
}
