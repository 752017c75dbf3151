import type { ReactNode } from 'react';
import { useSiteSettings } from '../data/site-settings';

/** `text` with each `{email}` as a mailto link to the studio's support address. */
export function WithEmailLinks({ text }: { text: string }): ReactNode {
  const { supportEmail } = useSiteSettings();
  const parts = text.split('{email}');
  return parts.map((part, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed sentence
    <span key={index}>
      {part}
      {index < parts.length - 1 && (
        <a href={`mailto:${supportEmail}`} className="text-lavender-strong underline">
          {supportEmail}
        </a>
      )}
    </span>
  ));
}

/** A sentence with `{email}` where the support address goes, rendered as a mailto link. */
export function EmailLine({ text, className = '' }: { text: string; className?: string }) {
  return (
    <p className={className}>
      <WithEmailLinks text={text} />
    </p>
  );
}
