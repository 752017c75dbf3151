import {
  STAFF_DOCUMENTATION_SECTIONS,
  STAFF_DOCUMENTATION_TITLE,
} from '../../../core/content/staff-documentation';
import { DocumentPage, SectionAccordion } from '../components/docs/document-page';

export default function StaffProcedurePage() {
  return (
    <DocumentPage title={STAFF_DOCUMENTATION_TITLE} eyebrow="Staff">
      <p className="mt-6 text-muted">
        How we work at Lunar: conduct, payments, orders, confidentiality, activity, tools and
        customers. Every staff member is expected to know these seven sections.
      </p>
      {/* Spec: a scrollable accordion. The region scrolls on its own and is reachable by keyboard. */}
      <section
        aria-label="Staff documentation sections"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be keyboard-scrollable (WCAG 2.1.1)
        tabIndex={0}
        className="mt-8 max-h-[70vh] overflow-y-auto rounded-xl"
      >
        <SectionAccordion sections={STAFF_DOCUMENTATION_SECTIONS} />
      </section>
    </DocumentPage>
  );
}
