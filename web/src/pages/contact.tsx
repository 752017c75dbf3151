import { ContactForm } from '../components/contact/contact-form';
import { Icon } from '../components/icon';
import { JoinTeamLine } from '../components/join-team-line';
import { useSiteSettings } from '../data/site-settings';

export default function ContactPage() {
  const { supportEmail } = useSiteSettings();
  return (
    <main className="mx-auto max-w-5xl px-4 pt-28 pb-16">
      <h1 className="text-4xl font-bold tracking-tight">Contact Us</h1>
      <p className="mt-3 max-w-2xl text-muted">
        Questions about an order, a quote or working with us? Send a message and the team will
        answer by e-mail.
      </p>
      <div className="mt-10 grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <section
          aria-label="Contact form"
          className="relative rounded-2xl border border-line bg-panel p-6 sm:p-8"
        >
          <ContactForm />
        </section>
        <aside className="h-fit rounded-2xl border border-line bg-panel p-6">
          <Icon name="message" className="size-7 text-lavender" />
          <h2 className="mt-3 text-lg font-semibold">Prefer e-mail?</h2>
          <p className="mt-2 text-sm text-muted">Write to our support team directly:</p>
          <a
            href={`mailto:${supportEmail}`}
            className="mt-2 inline-block font-semibold break-all text-lavender-strong underline-offset-4 hover:underline"
          >
            {supportEmail}
          </a>
          <JoinTeamLine className="mt-6 border-t border-line pt-4 text-sm" />
        </aside>
      </div>
    </main>
  );
}
