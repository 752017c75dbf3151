import { describe, expect, it } from 'vitest';
import { formatLongDate } from '../shared/long-date';
import {
  INTRO_TEMPLATE,
  STAFF_DOCUMENTATION_SECTIONS,
  TICKET_PROCEDURE_STEPS,
  TICKET_SUMMARY_CARDS,
} from '../staff/guides';
import { PRIVACY_SECTIONS, TERMS_SECTIONS } from './legal';
import { SITE_CONTENT_DEFAULTS } from './site-content';
import type { LegalSection } from './types';

const titles = (sections: LegalSection[]) => sections.map((s) => s.title);

function expectWellFormed(sections: LegalSection[]) {
  expect(new Set(sections.map((s) => s.id)).size).toBe(sections.length);
  for (const s of sections) {
    expect(s.body.length).toBeGreaterThanOrEqual(2);
    for (const paragraph of s.body) expect(paragraph.length).toBeGreaterThan(30);
  }
}

describe('legal pages', () => {
  it('has the exact terms sections', () => {
    expect(titles(TERMS_SECTIONS)).toEqual([
      'Services Agreement',
      'Payment Policy',
      'Delivery Timeline',
      'Revisions',
      'Intellectual Property',
    ]);
    expectWellFormed(TERMS_SECTIONS);
  });

  it('has the exact privacy sections', () => {
    expect(titles(PRIVACY_SECTIONS)).toEqual([
      'Data Collection',
      'Data Usage',
      'Communication',
      'Security',
      'Data Access',
      'Data Retention',
    ]);
    expectWellFormed(PRIVACY_SECTIONS);
  });

  it('states the spec facts', () => {
    const terms = TERMS_SECTIONS.flatMap((s) => s.body).join(' ');
    expect(terms).toContain('3–5 business days');
    expect(terms).toContain('non-negotiable');
    expect(terms).toContain('Executive Team');
    expect(PRIVACY_SECTIONS.flatMap((s) => s.body).join(' ')).toContain('{email}');
    expect(formatLongDate(SITE_CONTENT_DEFAULTS.settings.legalLastUpdated)).toBe('March 19, 2024');
  });
});

describe('staff guides', () => {
  it('has the exact ticket procedure steps and cards', () => {
    expect(titles(TICKET_PROCEDURE_STEPS)).toEqual([
      '1. Claiming the Ticket',
      '2. Quality Control (QC)',
      '3. Handling Payment',
      '4. Sending the Product',
    ]);
    expectWellFormed(TICKET_PROCEDURE_STEPS);
    expect(TICKET_SUMMARY_CARDS.map((c) => c.title)).toEqual(['Quality Check', 'Payment First']);
    const text = TICKET_PROCEDURE_STEPS.flatMap((s) => s.body).join(' ');
    for (const command of ['/qualitycontrol', '/tax', '/createpayment', '/orderlog', '/review']) {
      expect(text).toContain(command);
    }
  });

  it('has an intro template that says the price is negotiable (decision 10)', () => {
    expect(INTRO_TEMPLATE).toContain('negotiable');
    expect(INTRO_TEMPLATE).not.toContain('non-negotiable');
  });

  it('has the exact staff documentation sections', () => {
    expect(titles(STAFF_DOCUMENTATION_SECTIONS)).toEqual([
      'General Conduct',
      'Payment Guidelines',
      'Ticket and Order Management',
      'Confidentiality and Data Security',
      'Staying Active',
      'Using Tools and Resources',
      'Customer Relations',
    ]);
    expectWellFormed(STAFF_DOCUMENTATION_SECTIONS);
    const text = STAFF_DOCUMENTATION_SECTIONS.flatMap((s) => s.body).join(' ');
    expect(text).toContain('90%');
    expect(text).toContain('80%');
  });
});

describe('formatLongDate', () => {
  it('writes a day as the legal pages show it, and leaves anything else as it is', () => {
    expect(formatLongDate('2024-03-19')).toBe('March 19, 2024');
    expect(formatLongDate('2027-12-01')).toBe('December 1, 2027');
    expect(formatLongDate('2027-13-01')).toBe('2027-13-01');
    expect(formatLongDate('soon')).toBe('soon');
  });
});
