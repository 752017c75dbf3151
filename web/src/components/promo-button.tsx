import { useSiteSettings } from '../data/site-settings';
import { buttonClass } from './ui/button';

/** A promotion's call to action, on the home page and above a portfolio: opens the Discord. */
export function PromoButton({ label }: { label: string }) {
  const { discordInviteUrl } = useSiteSettings();
  return (
    <a
      href={discordInviteUrl}
      target="_blank"
      rel="noopener noreferrer"
      className={buttonClass('primary', 'sm')}
    >
      {label}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
