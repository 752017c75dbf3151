import { escapeMarkdown } from '../discord/markdown';
import { formatRobux } from '../site/pricing';
import type { OrderState } from './order';
import {
  allowMentions,
  discordTime,
  mentionUser,
  ORDER_COLORS,
  type OrderMessagePayload,
  withinLimits,
} from './order-message';
import { sharePercent } from './share';
import { priceForNet } from './tax';

function qcOutcome(order: OrderState): string {
  if (order.qcPassed) return `Passed (submission ${order.qcAttempts})`;
  if (order.qcAttempts === 0) return 'Not submitted';
  return `Not passed: changes requested on submission ${order.qcAttempts}`;
}

/**
 * The order-log channel entry written by /orderlog. The share is what the state machine stored
 * when logging: 90% of the price with QC passed, 80% without, rounded down to whole Robux.
 * Nobody is pinged: the log is a record.
 */
export function buildOrderLogEntry(order: OrderState): OrderMessagePayload {
  if (order.loggedAt === null || order.designerShareRobux === null) {
    throw new RangeError(`order ${order.id} is not logged`);
  }
  const customer = order.customerDiscordId ? `${mentionUser(order.customerDiscordId)}\n` : '';
  return withinLimits({
    embeds: [
      {
        title: `Order ${order.id}`,
        color: order.qcPassed ? ORDER_COLORS.success : ORDER_COLORS.brand,
        timestamp: order.loggedAt.toISOString(),
        fields: [
          {
            name: 'Customer',
            value: `${customer}Roblox: ${escapeMarkdown(order.robloxUsername)}`,
            inline: true,
          },
          { name: 'Designer', value: mentionUser(order.designerDiscordId), inline: true },
          {
            name: 'Price',
            value: `${formatRobux(order.priceRobux)} (charged ${formatRobux(priceForNet(order.priceRobux))} with Roblox's fee)`,
          },
          { name: 'Quality control', value: qcOutcome(order), inline: true },
          {
            name: "Designer's share",
            value: `${formatRobux(order.designerShareRobux)} (${sharePercent(order.qcPassed)}%, rounded down)`,
            inline: true,
          },
          {
            name: 'Delivered',
            value: order.deliveredAt
              ? `By the bot ${discordTime(order.deliveredAt)}`
              : 'Outside the bot',
          },
        ],
        footer: { text: `Order ${order.id} · logged` },
      },
    ],
    allowed_mentions: allowMentions(),
  });
}
