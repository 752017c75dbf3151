import { z } from 'zod';
import { DateTimeSchema } from '../shared/dates';
import { text } from '../shared/text';

export const CONTACT_NAME_MAX = 100;
/** RFC 5321 caps an address at 254 characters. */
export const CONTACT_EMAIL_MAX = 254;
export const CONTACT_SUBJECT_MAX = 200;
export const CONTACT_MESSAGE_MAX = 5000;

const requiredText = (label: string, max: number) => text(label, { min: 1, max });

export const ContactMessageSchema = z.object({
  name: requiredText('Name', CONTACT_NAME_MAX),
  // Trim before the format check so a pasted address with a trailing space is accepted.
  email: requiredText('Email', CONTACT_EMAIL_MAX).pipe(
    z.email({ error: 'Please enter a valid email address' }),
  ),
  subject: requiredText('Subject', CONTACT_SUBJECT_MAX),
  message: requiredText('Message', CONTACT_MESSAGE_MAX),
});

export type ContactMessage = z.output<typeof ContactMessageSchema>;
export type ContactMessageInput = z.input<typeof ContactMessageSchema>;

/** A stored contact message, for the Discord post and the dashboard. */
export const StoredContactMessageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: DateTimeSchema,
});
export type StoredContactMessage = z.output<typeof StoredContactMessageSchema>;

/** A message in the dashboard's inbox: handled once someone marks it (who and when). */
export const ContactInboxItemSchema = StoredContactMessageSchema.extend({
  handledAt: DateTimeSchema.nullable(),
  /** The staff member's username; null when open, or when their account is gone. */
  handledBy: z.string().nullable(),
});
export type ContactInboxItem = z.output<typeof ContactInboxItemSchema>;
