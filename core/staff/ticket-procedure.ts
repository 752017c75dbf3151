import type { GuideSection, IconCard } from '../site/types';

export const TICKET_PROCEDURE_TITLE = 'Ticket Procedure Guide';

export const TICKET_PROCEDURE_STEPS: GuideSection[] = [
  {
    id: 'claiming-the-ticket',
    title: '1. Claiming the Ticket',
    body: [
      'Claim a ticket only if it matches your team and you can start on it soon. Once claimed, the ticket is yours until it is closed: do not hand it over without telling a Lead designer.',
      'Greet the customer with the intro template (use the copy button below) and discuss the details: what they need, references, colours, deadline and budget. Agree the price and what is included before anything else.',
    ],
  },
  {
    id: 'quality-control',
    title: '2. Quality Control (QC)',
    body: [
      'When the work is ready, submit it for review with /qualitycontrol and the order ID. A Lead designer approves it or requests changes.',
      'Apply any requested changes and submit again. Work that passes QC earns you a 90% share of the order; work delivered without QC earns 80%.',
    ],
  },
  {
    id: 'handling-payment',
    title: '3. Handling Payment',
    body: [
      'Use /tax to see what to charge so the studio receives the agreed amount after Roblox’s 30% fee. Then create the payment with /createpayment, giving the price, the customer’s Roblox username and the order ID. Customers can also pay by card.',
      'The bot verifies the payment; when it cannot, it pings the bot developer, who verifies it manually. Never start work before the payment is verified.',
    ],
  },
  {
    id: 'sending-the-product',
    title: '4. Sending the Product',
    body: [
      'Once your work passes QC, press Deliver under the QC notice in the ticket: the bot sends it to the customer by direct message and confirms it in the ticket. Handle any revisions the order includes.',
      'Log the delivered order with /orderlog and the order ID, and ask the customer to leave a /review. Work you deliver without QC goes out through /orderlog too, after you confirm (80% share). Close the ticket only after the customer confirms they received everything.',
    ],
  },
];

export const TICKET_SUMMARY_CARDS: IconCard[] = [
  {
    icon: 'check',
    title: 'Quality Check',
    description:
      'Submit every product with /qualitycontrol before delivery. Work that passes QC earns a 90% share; without QC, 80%.',
  },
  {
    icon: 'credit-card',
    title: 'Payment First',
    description:
      'Never start work before the payment is verified. Create it with /tax and /createpayment, and wait for verification.',
  },
];

export const INTRO_TEMPLATE_LABEL = 'Copy Intro Template';

// Decision 10: this template says the price is negotiable while the terms say it is not; both
// are shown where the spec puts them.
export const INTRO_TEMPLATE = [
  'Hello, and thank you for choosing Lunar! My name is [Your Name] and I have claimed your ticket.',
  'Could you tell me more about what you need? Please share any details, references, colours and a deadline if you have one.',
  'Let me know your budget as well; the price is negotiable and we will agree it before I start. Payment is made upfront in Robux or by card.',
  'I look forward to working with you!',
].join('\n\n');
