import { type FormEvent, useId, useState } from 'react';
import {
  CONTACT_EMAIL_MAX,
  CONTACT_MESSAGE_MAX,
  CONTACT_NAME_MAX,
  CONTACT_SUBJECT_MAX,
  type ContactMessageInput,
} from '../../../../core/contact/schema';
import { sendJson } from '../../data/post-json';
import { buttonClass } from '../ui/button';
import { TextField } from '../ui/field';
import { useToast } from '../ui/toast';

const EMPTY: ContactMessageInput = { name: '', email: '', subject: '', message: '' };

export function ContactForm() {
  const toast = useToast();
  const [fields, setFields] = useState(EMPTY);
  const [website, setWebsite] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const id = useId();

  const set = (name: keyof ContactMessageInput) => (value: string) =>
    setFields((current) => ({ ...current, [name]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSending(true);
    const result = await sendJson<{ id: number }>('POST', '/api/contact', { ...fields, website });
    setSending(false);
    if (result.ok) {
      setFields(EMPTY);
      setErrors({});
      toast({ title: 'Message sent', description: "We'll get back to you soon!" });
      return;
    }
    // The visitor's text stays in the fields so nothing has to be typed again.
    setErrors(result.fieldErrors);
    toast({ title: 'Message not sent', description: result.message, variant: 'destructive' });
  }

  return (
    <form onSubmit={submit} className="space-y-5" aria-busy={sending}>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id={`${id}-name`}
          name="name"
          label="Name"
          autoComplete="name"
          maxLength={CONTACT_NAME_MAX}
          required
          value={fields.name}
          error={errors.name}
          onValueChange={set('name')}
        />
        <TextField
          id={`${id}-email`}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          maxLength={CONTACT_EMAIL_MAX}
          required
          value={fields.email}
          error={errors.email}
          onValueChange={set('email')}
        />
      </div>
      <TextField
        id={`${id}-subject`}
        name="subject"
        label="Subject"
        maxLength={CONTACT_SUBJECT_MAX}
        required
        value={fields.subject}
        error={errors.subject}
        onValueChange={set('subject')}
      />
      <TextField
        id={`${id}-message`}
        name="message"
        label="Message"
        rows={6}
        maxLength={CONTACT_MESSAGE_MAX}
        required
        value={fields.message}
        error={errors.message}
        onValueChange={set('message')}
      />
      {/* Honeypot: off-screen and skipped by keyboard and screen readers; bots fill it. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}-website`}>Website</label>
        <input
          id={`${id}-website`}
          name="website"
          tabIndex={-1}
          autoComplete="off"
          value={website}
          onChange={(event) => setWebsite(event.target.value)}
        />
      </div>
      <button
        type="submit"
        disabled={sending}
        className={`${buttonClass('primary')} w-full sm:w-auto`}
      >
        {sending ? 'Sending…' : 'Send Message'}
      </button>
    </form>
  );
}
