import { useId, useState } from 'react';
import { POPULAR_CHOICE_CHANCE } from '../../../../core/site/site';
import { pickSimilarDesigners } from '../../../../core/team/directory';
import type { TeamCategoryWithMembers, TeamMember } from '../../../../core/team/schema';
import { useSiteSettings } from '../../data/site-settings';
import { Icon } from '../icon';
import { buttonClass } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { Tabs } from '../ui/tabs';
import { LeadCrown, MemberAvatar, MemberBanner } from './member-avatar';

type Props = {
  member: TeamMember;
  /** The category the member was opened from: similar designers come from it. */
  team: TeamCategoryWithMembers;
  /** Every category, for the roles tab (a person can sit in several teams). */
  categories: TeamCategoryWithMembers[];
  onSelect: (member: TeamMember) => void;
  onClose: () => void;
};

export default function MemberModal(props: Props) {
  const titleId = useId();
  return (
    <Dialog onClose={props.onClose} labelledBy={titleId}>
      {/* Keyed so switching to a similar designer re-rolls 'Popular Choice' and resets the tabs. */}
      <MemberProfile key={props.member.discordUsername} {...props} titleId={titleId} />
    </Dialog>
  );
}

function formatLastActive(lastActive: number | undefined): string {
  if (lastActive === undefined) return 'Not recorded';
  return new Date(lastActive).toLocaleDateString('en-US', { dateStyle: 'medium' });
}

function MemberProfile({
  member,
  team,
  categories,
  onSelect,
  onClose,
  titleId,
}: Props & { titleId: string }) {
  const { discordInviteUrl } = useSiteSettings();
  // Random per opening (spec §2), unlike the seeded banner overlay: the modal is never prerendered.
  const [popular] = useState(() => Math.random() < POPULAR_CHOICE_CHANCE);
  const similar = pickSimilarDesigners(member, team.members);
  const services = member.specialty
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const teams = categories.filter((c) =>
    c.members.some((m) => m.discordUsername === member.discordUsername),
  );

  const about = (
    <div className="space-y-3 text-sm">
      {member.quote ? (
        <blockquote className="border-l-2 border-lavender pl-3 text-white italic">
          “{member.quote}”
        </blockquote>
      ) : null}
      <p className="text-muted">
        {member.name} is a {member.role} at Lunar, working on {services.join(', ').toLowerCase()}.
      </p>
      <p className="text-muted">
        Discord: <span className="text-white">@{member.discordUsername}</span> · Last active:{' '}
        <span className="text-white">{formatLastActive(member.lastActive)}</span>
      </p>
    </div>
  );
  const serviceList = (
    <ul className="flex flex-wrap gap-2">
      {services.map((service) => (
        <li
          key={service}
          className="rounded-lg bg-lavender/10 px-3 py-1.5 text-sm text-lavender-strong"
        >
          {service}
        </li>
      ))}
    </ul>
  );
  const roles = (
    <ul className="space-y-2 text-sm">
      {teams.map((category) => (
        <li
          key={category.id}
          className="flex items-center gap-3 rounded-lg border border-line px-3 py-2"
        >
          <Icon name={category.icon} className="size-4 text-lavender" />
          {category.name}
          <span className="ml-auto text-muted">{member.role}</span>
        </li>
      ))}
    </ul>
  );

  return (
    <div>
      <div className="relative">
        <MemberBanner member={member} className="h-28" />
        <button
          type="button"
          onClick={onClose}
          className="absolute top-3 right-3 rounded-full bg-ink/80 p-2 hover:bg-ink"
        >
          <Icon name="x" className="size-5" />
          <span className="sr-only">Close</span>
        </button>
      </div>
      <div className="px-6 pb-6">
        <div className="relative -mt-10">
          <MemberAvatar member={member} size={80} />
        </div>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <div className="mr-auto">
            <h2 id={titleId} className="flex items-center gap-2 text-2xl font-bold">
              {member.name}
              <LeadCrown member={member} />
            </h2>
            <p className="text-muted">{member.role}</p>
          </div>
          {popular && (
            <p className="flex items-center gap-1 rounded-full bg-amber-300 px-3 py-1 text-xs font-bold text-ink">
              <Icon name="star" className="size-3.5" />
              Popular Choice
            </p>
          )}
          <a
            href={discordInviteUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass('primary', 'sm')}
          >
            <Icon name="message" className="size-4" />
            Message
            <span className="sr-only"> {member.name} on Discord (opens in a new tab)</span>
          </a>
        </div>
        <div className="mt-6">
          <Tabs
            label={`About ${member.name}`}
            items={[
              { id: 'about', label: 'about', content: about },
              { id: 'services', label: 'services', content: serviceList },
              { id: 'roles', label: 'roles', content: roles },
            ]}
          />
        </div>
        {similar.length > 0 && (
          <section aria-labelledby={`${titleId}-similar`} className="mt-8">
            <h3
              id={`${titleId}-similar`}
              className="text-sm font-semibold tracking-wide text-muted uppercase"
            >
              Similar designers
            </h3>
            <ul className="mt-3 grid gap-3 sm:grid-cols-3">
              {similar.map((other) => (
                <li key={other.discordUsername}>
                  <button
                    type="button"
                    onClick={() => onSelect(other)}
                    className="flex w-full items-center gap-3 rounded-lg border border-line p-2 text-left text-sm hover:border-lavender/60"
                  >
                    <MemberAvatar member={other} size={40} />
                    <span className="min-w-0">
                      <span className="block truncate font-semibold">{other.name}</span>
                      <span className="block truncate text-xs text-muted">{other.role}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </div>
  );
}
