import { type FormEvent, useState } from 'react';
import type { HeroText } from '../../../../core/site/hero-text';
import { buttonClass } from '../../components/ui/button';
import { ConfirmDialog } from '../confirm-dialog';
import { SaveState } from '../forms/save-state';
import { useUnsavedChanges } from '../forms/unsaved-changes';
import { useScrollToTarget } from '../use-scroll-to-target';
import { BlockConflictActions } from './block-conflict';
import { Field, FormMessage } from './content-field';
import { useSiteBlock } from './site-block';

// The hero's words: the badge above the headline ("Top Rated Design Studio on ERLC"), the
// headline, and the line under it listing the studio's services. Until saved, the built-in ones.

export function HeroEditor() {
  const block = useSiteBlock('hero');
  useScrollToTarget('hero', block.answer.status === 'ready');
  return (
    <section
      id="hero"
      aria-labelledby="block-hero-title"
      className="scroll-mt-24 space-y-3 rounded-xl border border-line p-4"
    >
      <h2 id="block-hero-title" className="text-lg font-bold">
        Hero{' '}
        {block.answer.status === 'ready' && !block.answer.data.stored && (
          <span className="text-sm font-normal text-muted">(built-in words, not saved yet)</span>
        )}
      </h2>
      {block.answer.status === 'loading' && <p>Loading the hero…</p>}
      {block.answer.status !== 'loading' && block.answer.status !== 'ready' && (
        <p role="alert">{block.answer.error.message}</p>
      )}
      {block.answer.status === 'ready' && (
        <HeroForm block={block} saved={block.answer.data.value} stored={block.answer.data.stored} />
      )}
    </section>
  );
}

function HeroForm({
  block,
  saved,
  stored,
}: {
  block: ReturnType<typeof useSiteBlock<'hero'>>;
  saved: HeroText;
  stored: boolean;
}) {
  const [draft, setDraft] = useState(saved);
  const errors = block.problems.fieldErrors;
  const set = (change: Partial<HeroText>) => setDraft((current) => ({ ...current, ...change }));
  const trimmed = (text: HeroText) => ({
    badge: text.badge.trim(),
    headline: text.headline.trim(),
    tagline: text.tagline.trim(),
  });
  const dirty = JSON.stringify(trimmed(draft)) !== JSON.stringify(trimmed(saved));
  useUnsavedChanges('Hero', dirty);

  function send() {
    block.submit(trimmed(draft), setDraft);
  }
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    send();
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Hero" className="max-w-2xl space-y-3">
      <Field
        label="Badge"
        hint="The line above the headline, e.g. a claim you can stand behind. Empty hides it."
        value={draft.badge}
        onChange={(badge) => set({ badge })}
        error={errors.badge}
      />
      <Field
        label="Headline"
        value={draft.headline}
        onChange={(headline) => set({ headline })}
        error={errors.headline}
      />
      <Field
        label="Line under the headline"
        hint="What the studio makes, in a sentence."
        rows={3}
        value={draft.tagline}
        onChange={(tagline) => set({ tagline })}
        error={errors.tagline}
      />
      <FormMessage message={block.problems.message} />
      {block.conflict && (
        <BlockConflictActions
          onLoadStored={() => {
            const stored = block.adoptStored();
            if (stored) setDraft(stored);
          }}
          onSaveOver={() => {
            block.overrideStored();
            send();
          }}
        />
      )}
      {block.save.isSuccess && !dirty && (
        <p role="status" className="text-sm text-muted">
          Saved: the home page shows it now.
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="submit"
          disabled={block.save.isPending}
          className={buttonClass('primary', 'sm')}
        >
          {block.save.isPending ? 'Saving…' : 'Save hero'}
        </button>
        {stored && (
          <ConfirmDialog
            trigger="Use the built-in words"
            title="Go back to the built-in hero words?"
            description="The badge, the headline and the line under it become the ones Lunar ships with."
            confirmLabel="Use the built-in words"
            busyLabel="Resetting…"
            run={async () => setDraft(await block.resetToDefault())}
          />
        )}
        <SaveState
          pending={block.save.isPending}
          failed={block.save.isError}
          dirty={dirty}
          stored={stored}
        />
      </div>
    </form>
  );
}
