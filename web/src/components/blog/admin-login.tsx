import { type FormEvent, useId, useState } from 'react';
import { BLOG_PASSCODE_MAX } from '../../../../core/blog/schema';
import { sendJson } from '../../data/post-json';
import { buttonClass } from '../ui/button';
import { useToast } from '../ui/toast';

const INPUT =
  'w-full rounded-lg border border-white/25 bg-ink px-3 py-2 text-white placeholder:text-muted focus:border-lavender';

/** The spec's 'Admin Login' button and passcode box; the server checks the passcode. */
export function AdminLogin({ onSignedIn }: { onSignedIn: () => void }) {
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [passcode, setPasscode] = useState('');
  const [busy, setBusy] = useState(false);
  const inputId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await sendJson<{ admin: boolean }>('POST', '/api/blog/session', { passcode });
    setBusy(false);
    if (result.ok) {
      setPasscode('');
      toast({ title: 'Access granted', description: 'You can now edit blog posts.' });
      onSignedIn();
      return;
    }
    const wrong = result.status === 401;
    toast({
      title: 'Access denied',
      description: wrong ? 'Incorrect passcode.' : result.message,
      variant: 'destructive',
    });
  }

  if (!open) {
    return (
      <button type="button" className={buttonClass('secondary')} onClick={() => setOpen(true)}>
        Admin Login
      </button>
    );
  }
  return (
    <form
      onSubmit={submit}
      className="flex w-full max-w-md flex-col gap-2 rounded-xl border border-line bg-panel p-4 sm:flex-row sm:items-end"
    >
      <div className="grow">
        <label htmlFor={inputId} className="mb-1 block text-sm font-medium">
          Passcode
        </label>
        <input
          id={inputId}
          type="password"
          autoComplete="current-password"
          required
          maxLength={BLOG_PASSCODE_MAX}
          value={passcode}
          onChange={(event) => setPasscode(event.target.value)}
          className={INPUT}
          // biome-ignore lint/a11y/noAutofocus: the visitor just asked for this box
          autoFocus
        />
      </div>
      <button type="submit" disabled={busy} className={buttonClass('primary')}>
        Submit
      </button>
    </form>
  );
}
