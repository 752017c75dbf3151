import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { readmeSection } from '../../../../core/setup/readme-section';
import { buttonClass } from '../../components/ui/button';

// "README → Connecting Discord" on the go-live checklist: opens that README section, taken from
// the README built into this dashboard (a chunk loaded on first use), so it is the running
// version's and needs no connection to wherever the project is hosted.

type Loaded = { status: 'loading' } | { status: 'ready'; text: string } | { status: 'failed' };

export function ReadmeLink({ section, item }: { section: string; item: string }) {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });

  function load(open: boolean) {
    if (!open || loaded.status === 'ready') return;
    import('../../../../README.md?raw').then(
      ({ default: readme }) =>
        setLoaded({ status: 'ready', text: readmeSection(readme, section) ?? '' }),
      () => setLoaded({ status: 'failed' }),
    );
  }

  return (
    <Dialog.Root onOpenChange={load}>
      <Dialog.Trigger className="text-sm text-lavender-strong underline">
        README → {section}
        <span className="sr-only"> ({item})</span>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100vh-2rem)] w-[min(48rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-line bg-ink p-6 shadow-2xl">
          <Dialog.Title className="text-xl font-bold">README → {section}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-muted">
            From the README of the Lunar version this site runs.
          </Dialog.Description>
          {loaded.status === 'loading' && <p className="mt-4">Loading…</p>}
          {loaded.status === 'failed' && (
            <p role="alert" className="mt-4">
              The README could not be loaded: read it in the project’s README.md.
            </p>
          )}
          {loaded.status === 'ready' && (
            <pre className="mt-4 text-sm whitespace-pre-wrap break-words">{loaded.text}</pre>
          )}
          <div className="mt-6 flex justify-end">
            <Dialog.Close className={buttonClass('primary', 'sm')}>Close</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
