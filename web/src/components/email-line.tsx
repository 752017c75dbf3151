import { useSiteSettings } from '../data/site-settings';

/** A sentence with `{email}` where the support address goes, rendered as a mailto link. */
export function EmailLine({ text, className = '' }: { text: string; className?: string }) {
  const { supportEmail } = useSiteSettings();
  const [before, after = ''] = text.split('{email}');
  return (
    <p className={className}>
      {before}
      <a href={`mailto:${supportEmail}`} className="text-lavender-strong underline">
        {supportEmail}
      </a>
      {after}
    </p>
  );
}
