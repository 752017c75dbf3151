import { PRIVACY_CONTACT, PRIVACY_SECTIONS, PRIVACY_TITLE } from '../../../core/site/legal-privacy';
import { DocumentPage, SectionAccordion } from '../components/docs/document-page';
import { EmailLine } from '../components/email-line';
import { useSiteSettings } from '../data/site-settings';

export default function PrivacyPage() {
  return (
    <DocumentPage
      title={PRIVACY_TITLE}
      eyebrow="Legal"
      lastUpdated={useSiteSettings().legalLastUpdated}
    >
      <p className="mt-6 text-muted">
        What we collect through our forms, why we collect it and how long we keep it.
      </p>
      <SectionAccordion sections={PRIVACY_SECTIONS} className="mt-8" />
      <EmailLine text={PRIVACY_CONTACT} className="mt-8 text-muted" />
    </DocumentPage>
  );
}
