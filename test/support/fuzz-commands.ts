import type { FakeDiscord, InteractionRecord, RunCommandInput } from './fake-discord';
import type { Fuzzer, FuzzTally } from './fuzz';

// Generated hostile input for the bot's slash command options (test/bot/fuzz-commands.test.ts,
// and in volume bench/fuzz.bench.ts), through the fake Discord and the real bot. Only what
// Discord delivers: it sends JSON as UTF-8 (no lone surrogate survives) and refuses an option
// past its max_length in the client, so neither is generated; NUL and control characters do
// come through.

/** A string option's value as Discord may deliver it: 1 to `max` code points. */
export function optionText(fuzz: Fuzzer, max: number): string {
  const text = fuzz
    .string()
    .replace(/\p{Cs}/gu, '\uFFFD')
    .replace(/\r\n?/g, '\n');
  const kept = [...text].slice(0, 1 + fuzz.int(max)).join('');
  return kept === '' ? fuzz.pick(['0', ' ', '.', '\u0000']) : kept;
}

/** Wrong amounts people type for a card price, beside the generated ones. */
const CARD_PRICE_GUESSES = [
  '15',
  '12.50',
  '$15',
  '€9.99',
  '0',
  '0.01',
  '1e3',
  '-5',
  '15.',
  '.5',
  '1,50',
  '١٥',
  '１５',
  '999999.99',
  '15 dollars',
  'NaN',
  'Infinity',
  '0x10',
];

/** A fuzzed command: what is run, and the answer that says a row of `table` was stored. */
export type FuzzedCommand = {
  name: string;
  table: 'orders' | 'notes';
  run: (index: number) => RunCommandInput;
  succeeded: (answer: string) => boolean;
};

/** `/createpayment` with a generated card_price (Stripe set up), each for an order of its own. */
export function cardPriceCommand(
  fuzz: Fuzzer,
  where: { channelId: string; userId: string; customer: string },
): FuzzedCommand {
  return {
    name: '/createpayment card_price',
    table: 'orders',
    run: (index) => ({
      name: 'createpayment',
      options: {
        price: 700,
        roblox_username: 'Card_Payer',
        order_id: `fz-${index}`,
        customer: where.customer,
        card_price: fuzz.random() < 0.5 ? fuzz.pick(CARD_PRICE_GUESSES) : optionText(fuzz, 12),
      },
      channelId: where.channelId,
      userId: where.userId,
    }),
    succeeded: (answer) => answer.startsWith('Payment request for order'),
  };
}

/** `/ticket note` with generated text, in a ticket's channel, by someone who may add notes. */
export function ticketNoteCommand(
  fuzz: Fuzzer,
  where: { channelId: string; userId: string },
): FuzzedCommand {
  return {
    name: '/ticket note text',
    table: 'notes',
    run: () => ({
      name: 'ticket',
      subcommand: 'note',
      options: { text: optionText(fuzz, 2000) },
      channelId: where.channelId,
      userId: where.userId,
    }),
    succeeded: (answer) => answer.startsWith('Note added'),
  };
}

/** The bot's answer to an interaction: its reply and follow-ups, once there is one. */
async function answerOf(record: InteractionRecord, timeoutMs: number): Promise<string | null> {
  const started = Date.now();
  for (;;) {
    const text = [
      record.loading ? undefined : (record.original?.content ?? record.response?.data?.content),
      ...record.followUps.map((m) => m.content),
    ]
      .filter(Boolean)
      .join('\n');
    if (text) return text;
    if (Date.now() - started > timeoutMs) return null;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Runs `count` generated commands one after another. The bot's "server errors": an answer with
 * the dispatcher's generic error (an exception in the command) or no answer within `timeoutMs`,
 * each kept with its input; `success` counts the answers `succeeded` says yes to.
 */
export async function fuzzCommand(
  fake: FakeDiscord,
  count: number,
  { run, succeeded }: FuzzedCommand,
  timeoutMs = 10_000,
): Promise<FuzzTally> {
  const tally: FuzzTally = { total: 0, success: 0, serverErrors: [] };
  for (let index = 0; index < count; index++) {
    const input = run(index);
    const record = await fake.runCommand(input);
    const answer = await answerOf(record, timeoutMs);
    tally.total++;
    if (answer !== null && succeeded(answer)) tally.success++;
    if (answer === null || answer.includes('Something went wrong')) {
      const shown = JSON.stringify(input.options).slice(0, 200);
      tally.serverErrors.push(`#${index} /${input.name} ${shown} → ${answer ?? '(no answer)'}`);
    }
  }
  return tally;
}
