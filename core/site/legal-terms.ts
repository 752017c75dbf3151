import type { LegalSection } from './types';

export const TERMS_TITLE = 'Terms of Service';
export const TERMS_CHANGE_NOTE =
  'Lunar may change these terms at any time without notice. The version on this page is the one that applies.';
export const TERMS_CONTACT = 'Questions about these terms? Contact us at {email}.';

export const TERMS_SECTIONS: LegalSection[] = [
  {
    id: 'services-agreement',
    title: 'Services Agreement',
    body: [
      'By placing an order with Lunar you agree to these terms. Orders are opened as tickets in our Discord server, where a member of our design team claims your ticket and agrees the details of the work with you.',
      'We provide design and development services for Roblox and Discord communities, including logos, banners, emojis, photography editing, uniforms, liveries, Discord server setup and custom Discord bots. What is included in an order is what was agreed in your ticket or listed in the plan you chose.',
      'We may decline or cancel any order, for example when a request breaks Roblox or Discord rules, infringes someone else’s work, or is abusive towards our staff.',
    ],
  },
  {
    id: 'payment-policy',
    title: 'Payment Policy',
    body: [
      'Payment is required upfront, before any work begins. You can pay in Robux or by card through our card payment provider. Robux prices include the tax Roblox deducts from every sale.',
      'Our prices are non-negotiable. The price shown for a plan, or quoted in your ticket, is the price of the order.',
      'No refunds are given once work on your order has started. Refunds can only be authorized by the Lunar Executive Team; a designer cannot promise or grant one.',
    ],
  },
  {
    id: 'delivery-timeline',
    title: 'Delivery Timeline',
    body: [
      'Standard delivery takes 3–5 business days from the moment payment is confirmed. Some plans list a shorter delivery time, which we aim to meet.',
      'Time spent waiting for your feedback, answers or assets is not counted towards the delivery time.',
      'Finished work is delivered to you by direct message on Discord, and the ticket is closed once you confirm you have received it.',
    ],
  },
  {
    id: 'revisions',
    title: 'Revisions',
    body: [
      'The number of revisions depends on your plan: the Basic Design plan includes 2 revisions and the Lunar Branding plan includes unlimited revisions. For other orders, the revisions agreed in your ticket apply.',
      'A revision is a change to the delivered design within the original brief. A new concept or a change of scope is a new order.',
      'Please request revisions in your ticket so your designer can keep track of them.',
    ],
  },
  {
    id: 'intellectual-property',
    title: 'Intellectual Property',
    body: [
      'Once your order is paid in full, the rights to use the delivered work transfer to you. Until then, all work remains the property of Lunar.',
      'Source files are included only where your plan or ticket says so.',
      'We may show finished work in our portfolio and on social media unless you ask us not to in your ticket.',
    ],
  },
];
