import { type FormEvent, useState } from 'react';
import type { StudioSettings } from '../../../../core/site/studio-settings';
import { buttonClass } from '../../components/ui/button';
import { ConfirmDialog } from '../confirm-dialog';
import { useScrollToTarget } from '../use-scroll-to-target';
import { Field, FormMessage } from './content-field';
import { useSiteBlock } from './site-block';

// The studio's settings every page shows: the support e-mail (footer, contact page, legal
// pages, each a mailto link), the Discord invite (every "Join" and "Get Started" button) and
// the day the terms and privacy policy last changed. Until saved, the configuration's values.

export function SettingsEditor() {
  const block = useSiteBlock('settings');
  useScrollToTarget('settings', block.answer.status === 'ready');
  return (
    <section
      id="settings"
      aria-labelledby="block-settings-title"
      className="scroll-mt-24 space-y-3 rounded-xl border border-line p-4"
    >
      <h2 id="block-settings-title" className="text-lg font-bold">
        Studio settings{' '}
        {block.answer.status === 'ready' && !block.answer.data.stored && (
          <span className="text-sm font-normal text-muted">
            (from the configuration, not saved yet)
          </span>
        )}
      </h2>
      {block.answer.status === 'loading' && <p>Loading the settings…</p>}
      {block.answer.status !== 'loading' && block.answer.status !== 'ready' && (
        <p role="alert">{block.answer.error.message}</p>
      )}
      {block.answer.status === 'ready' && (
        <SettingsForm
          block={block}
          saved={block.answer.data.value}
          stored={block.answer.data.stored}
        />
      )}
    </section>
  );
}

function SettingsForm({
  block,
  saved,
  stored,
}: {
  block: ReturnType<typeof useSiteBlock<'settings'>>;
  saved: StudioSettings;
  stored: boolean;
}) {
  const [draft, setDraft] = useState(saved);
  const errors = block.problems.fieldErrors;
  const set = (change: Partial<StudioSettings>) =>
    setDraft((current) => ({ ...current, ...change }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    block.submit(
      {
        supportEmail: draft.supportEmail.trim(),
        discordInviteUrl: draft.discordInviteUrl.trim(),
        legalLastUpdated: draft.legalLastUpdated,
        cardPricePer100Robux: draft.cardPricePer100Robux?.trim() || null,
      },
      setDraft,
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Studio settings" className="max-w-2xl space-y-3">
      <Field
        label="Support e-mail"
        type="email"
        hint="Shown as a mailto link in the footer, on the contact page and in the legal pages."
        value={draft.supportEmail}
        onChange={(supportEmail) => set({ supportEmail })}
        error={errors.supportEmail}
      />
      <Field
        label="Discord invite"
        type="url"
        hint="Where Join Lunar, Join Our Discord, Get Started and Claim Offer lead: an invite that does not expire."
        value={draft.discordInviteUrl}
        onChange={(discordInviteUrl) => set({ discordInviteUrl })}
        error={errors.discordInviteUrl}
      />
      <Field
        label="Legal pages last updated"
        type="date"
        hint="The “Last updated” date of the Terms of Service and the Privacy Policy: change it when you change them."
        value={draft.legalLastUpdated}
        onChange={(legalLastUpdated) => set({ legalLastUpdated })}
        error={errors.legalLastUpdated}
      />
      <Field
        label="Card price of 100 R$"
        hint="What 100 R$ of an order cost by card, in the server's card currency (CARD_CURRENCY), e.g. 1.25: the card price of orders /createpayment gives no card_price. Empty: no card option for those orders. Needs Stripe set up (STRIPE_SECRET_KEY)."
        value={draft.cardPricePer100Robux ?? ''}
        onChange={(cardPricePer100Robux) => set({ cardPricePer100Robux })}
        error={errors.cardPricePer100Robux}
      />
      <FormMessage message={block.problems.message} />
      {block.save.isSuccess && (
        <p role="status" className="text-sm text-muted">
          Saved: every page shows it now.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          disabled={block.save.isPending}
          className={buttonClass('primary', 'sm')}
        >
          {block.save.isPending ? 'Saving…' : 'Save settings'}
        </button>
        {stored && (
          <ConfirmDialog
            trigger="Use the configuration's"
            title="Go back to the configuration's settings?"
            description="The support e-mail and Discord invite become SUPPORT_EMAIL and DISCORD_INVITE_URL from the server's configuration, and the legal pages' date the built-in one."
            confirmLabel="Use the configuration's"
            busyLabel="Resetting…"
            run={async () => setDraft(await block.resetToDefault())}
          />
        )}
      </div>
    </form>
  );
}
