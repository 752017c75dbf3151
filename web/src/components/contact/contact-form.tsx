import { type FormEvent, useEffect, useId, useState } from 'react';
import {
  CONTACT_EMAIL_MAX,
  CONTACT_MESSAGE_MAX,
  CONTACT_NAME_MAX,
  CONTACT_SUBJECT_MAX,
  type ContactMessageInput,
  ContactMessageSchema,
} from '../../../../core/contact/schema';
import { flattenFieldErrors } from '../../../../core/shared/field-errors';
import { sendJson } from '../../data/post-json';
import { buttonClass } from '../ui/button';
import { TextField } from '../ui/field';
import { useToast } from '../ui/toast';

const EMPTY: ContactMessageInput = { name: '', email: '', subject: '', message: '' };
/** In the order of the form, so focus goes to the first invalid field. */
const FIELDS = ['name', 'email', 'subject', 'message'] as const;

/** The schema's message for each invalid field (the server answers with the same ones). */
function check(fields: ContactMessageInput): Record<string, string> {
  const result = ContactMessageSchema.safeParse(fields);
  return result.success ? {} : flattenFieldErrors(result.error);
}

export function ContactForm() {
  const toast = useToast();
  const [fields, setFields] = useState(EMPTY);
  const [website, setWebsite] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const [focusRequest, setFocusRequest] = useState<{ id: string } | null>(null);
  const id = useId();

  useEffect(() => {
    if (focusRequest) document.getElementById(focusRequest.id)?.focus();
  }, [focusRequest]);

  // A field showing an error is checked again as it changes, as in the application forms.
  const set = (name: keyof ContactMessageInput) => (value: string) => {
    const next = { ...fields, [name]: value };
    setFields(next);
    if (errors[name]) {
      const { [name]: _fixed, ...others } = errors;
      const error = check(next)[name];
      setErrors(error ? { ...others, [name]: error } : others);
    }
  };

  /** Shows the errors inline and moves focus to the first invalid field. */
  function showErrors(fieldErrors: Record<string, string>) {
    setErrors(fieldErrors);
    const first = FIELDS.find((name) => fieldErrors[name]);
    if (first) setFocusRequest({ id: `${id}-${first}` });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The same inline errors as the application forms instead of the browser's bubbles.
    const invalid = check(fields);
    if (Object.keys(invalid).length > 0) return showErrors(invalid);
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
    showErrors(result.fieldErrors);
    toast({ title: 'Message not sent', description: result.message, variant: 'destructive' });
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-5" aria-busy={sending}>
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
