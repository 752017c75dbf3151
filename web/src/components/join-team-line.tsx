import { Link } from 'react-router';
import { APPLY_LINKS, JOIN_TEAM_PROMPT } from '../../../core/site/site';

const linkClass =
  'font-semibold text-lavender-strong underline underline-offset-4 hover:text-white';

/** 'Want to join the team?' with both application forms, on pages a future applicant reads. */
export function JoinTeamLine({ className = '' }: { className?: string }) {
  const [moderator, designer] = APPLY_LINKS;
  return (
    <p className={`text-muted ${className}`}>
      {JOIN_TEAM_PROMPT}{' '}
      <Link to={moderator.href} className={linkClass}>
        {moderator.label}
      </Link>{' '}
      or{' '}
      <Link to={designer.href} className={linkClass}>
        {designer.label}
      </Link>
      .
    </p>
  );
}
