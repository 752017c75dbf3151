import { BANNER_FALLBACK_COLOR, BANNER_OVERLAY_CHANCE } from '../../../../core/site/site';
import { isLead, seededChance } from '../../../../core/team/directory';
import type { TeamMember } from '../../../../core/team/schema';
import { Icon } from '../icon';

/** Banner image, or the spec's solid fallback colour; ~30% get a decorative overlay, seeded per member so the server and the browser agree. */
export function MemberBanner({ member, className }: { member: TeamMember; className: string }) {
  const overlay = seededChance(`overlay:${member.discordUsername}`, BANNER_OVERLAY_CHANCE);
  return (
    <span
      className={`relative block overflow-hidden ${className}`}
      style={{ backgroundColor: BANNER_FALLBACK_COLOR }}
      data-overlay={overlay}
    >
      {member.bannerUrl && (
        <img
          src={member.bannerUrl}
          alt=""
          width={480}
          height={128}
          loading="lazy"
          className="size-full object-cover"
        />
      )}
      {overlay && (
        <span
          aria-hidden="true"
          className="absolute inset-0 bg-[radial-gradient(circle_at_20%_30%,rgba(255,255,255,.35)_0_2px,transparent_3px),radial-gradient(circle_at_70%_60%,rgba(255,255,255,.25)_0_1.5px,transparent_2.5px)] bg-[length:40px_40px,28px_28px]"
        />
      )}
    </span>
  );
}

export function MemberAvatar({ member, size }: { member: TeamMember; size: number }) {
  return (
    <img
      src={member.pfpUrl}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      className="shrink-0 rounded-full border-4 border-panel bg-panel"
    />
  );
}

/** Crown for leads; it turns slowly on cards unless the visitor asked for reduced motion. */
export function LeadCrown({ member, spin }: { member: TeamMember; spin?: boolean }) {
  if (!isLead(member)) return null;
  return (
    <Icon
      name="crown"
      title="Team lead"
      className={`size-4 text-amber-300 ${spin ? 'animate-[spin_6s_linear_infinite] motion-reduce:animate-none' : ''}`}
    />
  );
}
