import { GUIDES_LAST_UPDATED } from '../../../core/site/site';
import {
  STAFF_DOCUMENTATION_SECTIONS,
  STAFF_DOCUMENTATION_TITLE,
} from '../../../core/staff/staff-documentation';
import { DocumentPage, SectionAccordion } from '../components/docs/document-page';
import { ScrollArea } from '../components/ui/scroll-area';

export default function StaffProcedurePage() {
  return (
    <DocumentPage
      title={STAFF_DOCUMENTATION_TITLE}
      eyebrow="Staff"
      lastUpdated={GUIDES_LAST_UPDATED}
    >
      <p className="mt-6 text-muted">
        How we work at Lunar: conduct, payments, orders, confidentiality, activity, tools and
        customers. Every staff member is expected to know these seven sections.
      </p>
      {/* Spec: a scrollable accordion. */}
      <ScrollArea label="Staff documentation sections" className="mt-8 max-h-[70vh] rounded-xl">
        <SectionAccordion sections={STAFF_DOCUMENTATION_SECTIONS} />
      </ScrollArea>
    </DocumentPage>
  );
}
