import { type FormEvent, useId, useState } from 'react';
import { BLOG_PASSCODE_MAX } from '../../../../core/blog/limits';
import { sendJson } from '../../data/post-json';
import { useInvalidate } from '../../data/use-api';
import { buttonClass } from '../ui/button';
import { TextField } from '../ui/field';
import { useToast } from '../ui/toast';

/** `GET`: whether this browser may edit the blog; `POST`: sign in with the passcode. */
export const BLOG_SESSION_URL = '/api/blog/session';

/** The spec's 'Admin Login' button and passcode box; the server checks the passcode. */
export function AdminLogin() {
  const toast = useToast();
  const invalidate = useInvalidate();
  const [open, setOpen] = useState(false);
  const [passcode, setPasscode] = useState('');
  const [busy, setBusy] = useState(false);
  const inputId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await sendJson<{ admin: boolean }>('POST', BLOG_SESSION_URL, { passcode });
    if (result.ok) {
      setPasscode('');
      // The page asks the server who we are again; the editor shows once it has answered.
      await invalidate(BLOG_SESSION_URL);
      setBusy(false);
      toast({ title: 'Access granted', description: 'You can now edit blog posts.' });
      return;
    }
    setBusy(false);
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
        <TextField
          id={inputId}
          label="Passcode"
          type="password"
          autoComplete="current-password"
          required
          maxLength={BLOG_PASSCODE_MAX}
          value={passcode}
          onValueChange={setPasscode}
          // The visitor just asked for this box.
          autoFocus
        />
      </div>
      <button type="submit" disabled={busy} className={buttonClass('primary')}>
        Submit
      </button>
    </form>
  );
}
