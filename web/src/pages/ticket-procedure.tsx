import { GUIDES_LAST_UPDATED } from '../../../core/site/site';
import {
  INTRO_TEMPLATE,
  INTRO_TEMPLATE_LABEL,
  TICKET_PROCEDURE_STEPS,
  TICKET_PROCEDURE_TITLE,
  TICKET_SUMMARY_CARDS,
} from '../../../core/staff/ticket-procedure';
import { DocumentPage, SectionAccordion } from '../components/docs/document-page';
import { Icon } from '../components/icon';
import { buttonClass } from '../components/ui/button';
import { useToast } from '../components/ui/toast';

export default function TicketProcedurePage() {
  const toast = useToast();

  async function copyTemplate() {
    try {
      await navigator.clipboard.writeText(INTRO_TEMPLATE);
      toast({
        title: 'Copied to clipboard',
        description: 'Text has been copied to your clipboard',
      });
    } catch {
      toast({
        title: 'Copy failed',
        description:
          'Your browser blocked clipboard access. Select the template below and copy it by hand.',
        variant: 'destructive',
      });
    }
  }

  return (
    <DocumentPage title={TICKET_PROCEDURE_TITLE} eyebrow="Staff" lastUpdated={GUIDES_LAST_UPDATED}>
      <p className="mt-6 text-muted">The four steps of every ticket, from claim to delivery.</p>
      <SectionAccordion sections={TICKET_PROCEDURE_STEPS} className="mt-8" />
      <ul className="mt-8 grid gap-4 sm:grid-cols-2">
        {TICKET_SUMMARY_CARDS.map((card) => (
          <li key={card.title} className="rounded-xl border border-line bg-panel p-5">
            <h2 className="flex items-center gap-2 font-semibold">
              <Icon name={card.icon} className="size-5 text-lavender" />
              {card.title}
            </h2>
            <p className="mt-2 text-sm text-muted">{card.description}</p>
          </li>
        ))}
      </ul>
      <section
        aria-labelledby="intro-template"
        className="mt-8 rounded-xl border border-line bg-panel p-5"
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="intro-template" className="font-semibold">
            Intro template
          </h2>
          <button type="button" onClick={copyTemplate} className={buttonClass('primary', 'sm')}>
            <Icon name="copy" className="size-4" />
            {INTRO_TEMPLATE_LABEL}
          </button>
        </div>
        <pre className="mt-4 font-sans text-sm whitespace-pre-wrap text-muted">
          {INTRO_TEMPLATE}
        </pre>
      </section>
    </DocumentPage>
  );
}
