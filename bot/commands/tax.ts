import { MessageFlags, SlashCommandBuilder } from 'discord.js';
import {
  buildTaxReply,
  firstIssueMessage,
  TAX_AMOUNT_MAX,
  TaxAmountSchema,
} from '../../core/orders';
import type { CommandModule } from '../modules';
import { ephemeral, toMessageOptions } from '../orders/order-interaction';

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
    // Discord checks the option's type and range in its client; an older registration or a
    // hand-made request need not (0, 2,000,000, 1.5), so the raw value goes through the schema.
    const amount = TaxAmountSchema.safeParse(interaction.options.get('amount')?.value);
    if (!amount.success) {
      await interaction.reply(ephemeral(firstIssueMessage(amount.error)));
      return;
    }
    const shown = interaction.options.getBoolean('public') ?? false;
    await interaction.reply({
      ...toMessageOptions(buildTaxReply(amount.data)),
      ...(!shown && { flags: MessageFlags.Ephemeral }),
    });
  },
};
