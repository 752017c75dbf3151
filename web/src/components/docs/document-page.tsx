import type { ReactNode } from 'react';
import { formatLongDate } from '../../../../core/shared/long-date';
import { fillTokens } from '../../../../core/site/tokens';
import type { LegalSection } from '../../../../core/site/types';
import { useSiteSettings } from '../../data/site-settings';
import { WithEmailLinks } from '../email-line';
import { Accordion } from '../ui/accordion';

/**
 * Title, 'Last updated' line and intro of the legal pages and staff guides. `lastUpdated`
 * (YYYY-MM-DD): the legal pages' is a studio setting, the guides' a constant beside their text.
 */
export function DocumentPage({
  title,
  eyebrow,
  lastUpdated,
  children,
}: {
  title: string;
  eyebrow: string;
  lastUpdated: string;
  children: ReactNode;
}) {
  return (
    <main className="mx-auto max-w-3xl px-4 pt-28 pb-16">
      <p className="text-sm font-semibold tracking-widest text-lavender uppercase">{eyebrow}</p>
      <h1 className="mt-2 text-4xl font-bold tracking-tight">{title}</h1>
      <p className="mt-3 text-sm text-muted">
        Last updated: <time dateTime={lastUpdated}>{formatLongDate(lastUpdated)}</time>
      </p>
      {children}
    </main>
  );
}

/**
 * Sections as an accordion; `{email}` in the texts becomes a mailto link to the support e-mail,
 * `{retention}` the configured retention period (RETENTION_MONTHS).
 */
export function SectionAccordion({
  sections,
  className,
}: {
  sections: LegalSection[];
  className?: string;
}) {
  const { retentionMonths } = useSiteSettings();
  const retention = `${retentionMonths} month${retentionMonths === 1 ? '' : 's'}`;
  return (
    <Accordion
      className={className}
      items={sections.map((section) => ({
        id: section.id,
        title: section.title,
        content: (
          <div className="space-y-3 leading-relaxed">
            {section.body.map((paragraph) => (
              <p key={paragraph}>
                <WithEmailLinks text={fillTokens(paragraph, { retention })} />
              </p>
            ))}
          </div>
        ),
      }))}
    />
  );
}
