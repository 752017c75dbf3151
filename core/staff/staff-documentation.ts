import type { GuideSection } from '../site/types';

export const STAFF_DOCUMENTATION_TITLE = 'Staff Documentation';

export const STAFF_DOCUMENTATION_SECTIONS: GuideSection[] = [
  {
    id: 'general-conduct',
    title: 'General Conduct',
    body: [
      'Represent Lunar professionally at all times, in tickets, in the server and anywhere you mention the studio. Be respectful to customers, applicants and other staff.',
      'Follow instructions from Lead designers and management. If you disagree with a decision, raise it privately with them rather than in public channels.',
    ],
  },
  {
    id: 'payment-guidelines',
    title: 'Payment Guidelines',
    body: [
      'Payment always comes first: never start work before the payment is verified. Calculate the price with /tax and create the payment with /createpayment (price, customer’s Roblox username, order ID).',
      'If the bot cannot verify a payment, the bot developer is pinged to verify it manually; wait for them rather than taking the customer’s word for it.',
      'Your share is 90% of the order when the work passed quality control and 80% when it did not. Never promise a refund: only the Executive Team can authorize refunds.',
    ],
  },
  {
    id: 'ticket-and-order-management',
    title: 'Ticket and Order Management',
    body: [
      'Claim only tickets you can start on soon, and keep the customer updated on progress. Submit finished work with /qualitycontrol before delivering it.',
      'Deliver through the bot (the Deliver button after QC), log every delivered order with /orderlog, and ask the customer to leave a /review. Close the ticket only once the customer confirms delivery.',
    ],
  },
  {
    id: 'confidentiality-and-data-security',
    title: 'Confidentiality and Data Security',
    body: [
      'Customer details, unreleased designs, prices agreed in tickets and staff discussions stay inside Lunar. Do not share them outside staff channels.',
      'Never ask customers for passwords or account access. Do not post application answers or contact messages anywhere but the staff channels they arrive in.',
    ],
  },
  {
    id: 'staying-active',
    title: 'Staying Active',
    body: [
      'Check tickets regularly and answer customers within a day. If you will be away, tell your Lead designer in advance so your tickets can be covered.',
      'Staff who are inactive for long periods without notice may be removed from the team by management.',
    ],
  },
  {
    id: 'using-tools-and-resources',
    title: 'Using Tools and Resources',
    body: [
      'Use the studio bot for every order step: /tax, /createpayment, /qualitycontrol, /orderlog and /review. This keeps a complete record of each order and makes sure you are paid correctly.',
      'Use only fonts, images and assets you are licensed to use. Ask a Lead designer if you are unsure.',
    ],
  },
  {
    id: 'customer-relations',
    title: 'Customer Relations',
    body: [
      'Be friendly, clear and patient. Confirm what the customer wants before you start, and explain what their order includes and how many revisions they get.',
      'If a customer becomes difficult or asks for a refund, stay calm and pass it to a Lead designer or the Executive Team instead of arguing.',
    ],
  },
];
