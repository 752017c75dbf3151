import { describe, expect, it } from 'vitest';
import { findModalLimitViolations } from './discord-modal';
import type { OrderReview, OrderState } from './order';
import { buildReviewModal, buildReviewPost, buildReviewThanks } from './review-messages';
import { buildTestimonial, pickTestimonialName } from './testimonial';

const DESIGNER = '100000000000000001';
const CUSTOMER = '100000000000000006';
const AT = new Date('2025-01-01T12:00:00Z');

function reviewed(review: Partial<OrderReview> = {}): OrderState {
  return {
    id: 'ticket-1234',
    status: 'reviewed',
    priceRobux: 750,
    robloxUsername: 'Cool_Builder',
    customerDiscordId: CUSTOMER,
    designerDiscordId: DESIGNER,
    ticketChannelId: '200000000000000001',
    createdAt: AT,
    paidAt: AT,
    paymentVerifiedBy: '100000000000000003',
    qcAttempts: 1,
    qcSubmittedBy: DESIGNER,
    workFileUrl: null,
    qcPassed: true,
    qcReviewedBy: '100000000000000004',
    qcChangesReason: null,
    deliveredAt: AT,
    loggedAt: AT,
    designerShareRobux: 675,
    review: {
      rating: 4,
      comment: 'Loved it **so** much',
      publish: true,
      hidden: false,
      byDiscordId: CUSTOMER,
      at: AT,
      ...review,
    },
  };
}

describe('buildReviewModal', () => {
  it('asks for a rating, an optional bounded comment and consent defaulting to no', () => {
    const modal = buildReviewModal('a'.repeat(32));
    expect(findModalLimitViolations(modal)).toEqual([]);
    expect(modal.custom_id).toBe(`order:review:${'a'.repeat(32)}`);
    expect(modal.components.map((row) => row.components[0])).toMatchObject([
      { custom_id: 'rating', required: true, min_length: 1, max_length: 1 },
      { custom_id: 'comment', required: false, max_length: 1000, style: 2 },
      { custom_id: 'publish', required: false, value: 'no' },
    ]);
  });
});

describe('buildReviewPost', () => {
  it('shows stars, the escaped comment and consent, pinging nobody', () => {
    const payload = buildReviewPost(reviewed());
    expect(payload.embeds[0]?.description).toBe('★★★★☆ 4/5\n\nLoved it \\*\\*so\\*\\* much');
    expect(payload.embeds[0]?.fields).toEqual([
      { name: 'Customer', value: `<@${CUSTOMER}>`, inline: true },
      { name: 'Designer', value: `<@${DESIGNER}>`, inline: true },
      { name: 'Website', value: 'The customer agreed to publish it', inline: true },
    ]);
    expect(payload.allowed_mentions).toEqual({ parse: [] });
  });

  it('shows a rating alone, and a hidden review as hidden', () => {
    const payload = buildReviewPost(reviewed({ comment: '', rating: 1, hidden: true }));
    expect(payload.embeds[0]?.description).toBe('★☆☆☆☆ 1/5');
    expect(payload.embeds[0]?.fields?.[2]?.value).toBe('Hidden by an executive');
  });

  it('offers executives Hide from site on a published review, Show on site once hidden', () => {
    const buttons = (order: OrderState) =>
      (buildReviewPost(order).components ?? []).flatMap((row) =>
        row.components.map((b) => [b.label, 'custom_id' in b ? b.custom_id : b.url]),
      );
    expect(buttons(reviewed())).toEqual([['Hide from site', 'order:review_hide:ticket-1234']]);
    expect(buttons(reviewed({ hidden: true }))).toEqual([
      ['Show on site', 'order:review_show:ticket-1234'],
    ]);
    expect(buttons(reviewed({ publish: false }))).toEqual([]);
  });

  it('thanks the customer', () => {
    expect(buildReviewThanks(reviewed())).toBe(
      'Thank you for reviewing order ticket-1234! With your permission, it may appear on our website.',
    );
    expect(buildReviewThanks(reviewed({ publish: false }))).toBe(
      'Thank you for reviewing order ticket-1234!',
    );
  });
});

describe('buildTestimonial', () => {
  it('has the rating, the comment and a first name only', () => {
    expect(buildTestimonial(reviewed(), { displayName: 'Alex Smith', username: 'alex.s' })).toEqual(
      { rating: 4, comment: 'Loved it **so** much', name: 'Alex' },
    );
  });

  it('needs consent, and nothing an executive hid', () => {
    const author = { username: 'alex.s' };
    expect(buildTestimonial(reviewed({ publish: false }), author)).toBeNull();
    expect(buildTestimonial(reviewed({ hidden: true }), author)).toBeNull();
    expect(buildTestimonial({ ...reviewed(), review: null }, author)).toBeNull();
  });

  it.each([
    [{ displayName: '  Jo  Ann ', username: 'jo' }, 'Jo'],
    [{ displayName: null, username: 'alex.s' }, 'alex.s'],
    [{ displayName: '   ', username: 'alex.s' }, 'alex.s'],
    [{ displayName: '😀'.repeat(40), username: 'x' }, '😀'.repeat(32)],
    [{ username: ' ' }, 'Customer'],
  ])('names %j as %s', (author, name) => {
    expect(pickTestimonialName(author)).toBe(name);
  });
});
