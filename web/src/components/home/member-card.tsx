import type { TeamMember } from '../../../../core/team/schema';
import { LeadCrown, MemberAvatar, MemberBanner } from './member-avatar';

export function MemberCard({
  member,
  view,
  onOpen,
}: {
  member: TeamMember;
  view: 'grid' | 'list';
  onOpen: (member: TeamMember) => void;
}) {
  const services = member.specialty
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const list = view === 'list';
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(member)}
        aria-haspopup="dialog"
        data-member={member.discordUsername}
        className={`group w-full overflow-hidden rounded-xl border border-line bg-panel text-left transition-colors hover:border-lavender/60 ${
          list ? 'flex items-center gap-4 p-3' : 'block'
        }`}
      >
        {!list && <MemberBanner member={member} className="h-20" />}
        <span className={list ? 'contents' : 'block px-4 pb-4'}>
          <span className={list ? 'contents' : 'relative -mt-8 block'}>
            <MemberAvatar member={member} size={list ? 48 : 64} />
          </span>
          <span className="mt-1 block min-w-0">
            <span className="flex items-center gap-1.5 font-semibold group-hover:text-lavender-strong">
              {member.name}
              <LeadCrown member={member} spin />
            </span>
            <span className="block text-sm text-muted">{member.role}</span>
            <span className="mt-2 flex flex-wrap gap-1">
              {services.slice(0, list ? 4 : 3).map((service) => (
                <span
                  key={service}
                  className="rounded bg-lavender/10 px-2 py-0.5 text-xs text-lavender-strong"
                >
                  {service}
                </span>
              ))}
            </span>
          </span>
        </span>
      </button>
    </li>
  );
}
