import type { LegalSection } from './types';

export const PRIVACY_TITLE = 'Privacy Policy';
export const PRIVACY_CONTACT = 'For privacy questions or requests, contact us at {email}.';

export const PRIVACY_SECTIONS: LegalSection[] = [
  {
    id: 'data-collection',
    title: 'Data Collection',
    body: [
      'We only collect what you give us through our forms. The contact form collects your name, e-mail address, subject and message.',
      'The staff application forms collect your Roblox username, Discord username, age, weekly activity level and your answers to the application questions. Designer applications may also include portfolio images you upload.',
      'We store a cookie to remember that you accepted our cookie notice, and staff who sign in receive a session cookie. We do not use advertising trackers.',
    ],
  },
  {
    id: 'data-usage',
    title: 'Data Usage',
    body: [
      'Applications are used only to review your application to join the Lunar team. Contact messages are used only to answer you.',
      'We do not sell your data or share it with anyone outside Lunar.',
    ],
  },
  {
    id: 'communication',
    title: 'Communication',
    body: [
      'Applications and contact messages are forwarded to private staff channels in our Discord server so our team can review and answer them. Discord’s own privacy policy applies to data stored there.',
      'We reply to contact messages by e-mail and to applications on Discord. We will not send you marketing messages.',
    ],
  },
  {
    id: 'security',
    title: 'Security',
    body: [
      'Submitted data is stored on our own servers and in staff-only Discord channels. Only Lunar staff who need it to do their work can see it.',
      'Our staff dashboard requires a sign-in, and what each staff member can see depends on their role in our Discord server.',
    ],
  },
  {
    id: 'data-access',
    title: 'Data Access',
    body: [
      'You can ask to see, correct or delete the data you sent us at any time by e-mailing {email}. We answer requests within 30 days.',
      'If you are under 18, a parent or guardian may make a request on your behalf.',
    ],
  },
  {
    id: 'data-retention',
    title: 'Data Retention',
    body: [
      // {retention}: RETENTION_MONTHS, e.g. "12 months"; a daily job deletes what is older.
      'Applications, including uploaded portfolio images, are kept for {retention} after they are submitted and then deleted.',
      'Contact messages are kept for {retention} after they are received and then deleted.',
      'Order records are kept for as long as needed to handle revisions, disputes and staff payouts.',
    ],
  },
];
