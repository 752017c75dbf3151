import type { ReactNode } from 'react';
import { LEGAL_LAST_UPDATED } from '../../../../core/site/site';
import { fillTokens } from '../../../../core/site/tokens';
import type { LegalSection } from '../../../../core/site/types';
import { useSiteSettings } from '../../data/site-settings';
import { Accordion } from '../ui/accordion';

/** Title, 'Last updated' line and intro of the legal pages and staff guides. */
export function DocumentPage({
  title,
  eyebrow,
  children,
}: {
  title: string;
  eyebrow: string;
  children: ReactNode;
}) {
  return (
    <main className="mx-auto max-w-3xl px-4 pt-28 pb-16">
      <p className="text-sm font-semibold tracking-widest text-lavender uppercase">{eyebrow}</p>
      <h1 className="mt-2 text-4xl font-bold tracking-tight">{title}</h1>
      <p className="mt-3 text-sm text-muted">Last updated: {LEGAL_LAST_UPDATED}</p>
      {children}
    </main>
  );
}

/**
 * Sections as an accordion; `{email}` in the texts becomes the configured support e-mail,
 * `{retention}` the configured retention period (RETENTION_MONTHS).
 */
export function SectionAccordion({
  sections,
  className,
}: {
  sections: LegalSection[];
  className?: string;
}) {
  const { supportEmail, retentionMonths } = useSiteSettings();
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
              <p key={paragraph}>{fillTokens(paragraph, { email: supportEmail, retention })}</p>
            ))}
          </div>
        ),
      }))}
    />
  );
}
