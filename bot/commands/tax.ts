import { MessageFlags, SlashCommandBuilder } from 'discord.js';
import { netForPrice, priceForNet } from '../../core/orders/tax';
import type { CommandModule } from '../modules';

export const TAX_AMOUNT_MAX = 1_000_000;

const robux = (value: number) => `${value.toLocaleString('en-US')} Robux`;

/** The answer to `/tax amount`: both directions of Roblox's 30% fee. */
export function describeTax(amount: number): string {
  return [
    `To receive **${robux(amount)}** after Roblox's 30% fee, charge **${robux(priceForNet(amount))}**.`,
    `Charging **${robux(amount)}** gives the studio **${robux(netForPrice(amount))}**.`,
  ].join('\n');
}

export const taxCommand: CommandModule = {
  data: new SlashCommandBuilder()
    .setName('tax')
    .setDescription("Robux to charge so the studio receives an amount after Roblox's 30% fee")
    .addIntegerOption((option) =>
      option
        .setName('amount')
        .setDescription('Robux the studio should receive')
        .setRequired(true)
        .setMinValue(1)
        .setMaxValue(TAX_AMOUNT_MAX),
    )
    .addBooleanOption((option) =>
      option
        .setName('public')
        .setDescription('Show the answer to the whole channel (default: only you)'),
    )
    .toJSON(),
  access: 'everyone',
  async execute(interaction) {
    const amount = interaction.options.getInteger('amount', true);
    const shown = interaction.options.getBoolean('public') ?? false;
    // Discord enforces the option's range in its client; a hand-made request need not.
    if (amount < 1 || amount > TAX_AMOUNT_MAX) {
      await interaction.reply({
        content: `The amount must be a whole number from 1 to ${TAX_AMOUNT_MAX.toLocaleString('en-US')}.`,
        flags: MessageFlags.Ephemeral,
      });
      return;
    }
    await interaction.reply({
      content: describeTax(amount),
      ...(!shown && { flags: MessageFlags.Ephemeral }),
      allowedMentions: { parse: [] },
    });
  },
};
