import {
  TERMS_CHANGE_NOTE,
  TERMS_CONTACT,
  TERMS_SECTIONS,
  TERMS_TITLE,
} from '../../../core/site/legal-terms';
import { DocumentPage, SectionAccordion } from '../components/docs/document-page';
import { EmailLine } from '../components/email-line';
import { useSiteSettings } from '../data/site-settings';

export default function TermsPage() {
  return (
    <DocumentPage
      title={TERMS_TITLE}
      eyebrow="Legal"
      lastUpdated={useSiteSettings().legalLastUpdated}
    >
      <p className="mt-6 text-muted">
        These terms apply to every order placed with Lunar. Open a section to read it.
      </p>
      <SectionAccordion sections={TERMS_SECTIONS} className="mt-8" />
      <EmailLine text={TERMS_CONTACT} className="mt-8 text-muted" />
      <p className="mt-3 rounded-lg border border-line bg-panel px-4 py-3 text-sm text-muted">
        {TERMS_CHANGE_NOTE}
      </p>
    </DocumentPage>
  );
}
