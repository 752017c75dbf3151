import { once } from 'node:events';
import { Client, Events, GatewayIntentBits, type Interaction } from 'discord.js';
import type { FakeDiscord } from './index';

export interface TestClient {
  client: Client;
  /** The handler the next interactions go to; each test sets its own. */
  handle(handler: (interaction: Interaction) => Promise<void>): void;
}

/** The real discord.js client, logged in to the fake, with one swappable interaction handler. */
export async function connectTestClient(
  fake: FakeDiscord,
  intents: GatewayIntentBits[] = [GatewayIntentBits.Guilds],
): Promise<TestClient> {
  const client = new Client({ intents, rest: { api: fake.apiUrl } });
  let current: (interaction: Interaction) => Promise<void> = async () => {};
  client.on(Events.InteractionCreate, (interaction) => void current(interaction));
  const ready = once(client, Events.ClientReady);
  await client.login(fake.botToken);
  await ready;
  return {
    client,
    handle(handler) {
      current = handler;
    },
  };
}
