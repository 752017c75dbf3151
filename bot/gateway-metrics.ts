import { type Client, Status } from 'discord.js';
import { Gauge, register } from 'prom-client';

// The gateway connection lives in the one process with the bot role, so its state is that
// process's metric (served on its METRICS_PORT), in prom-client's process-wide registry.

let connected: Client | null = null;
let registered = false;

/** Reports `client`'s gateway state from now on (the latest bot to start is the one). */
export function trackGatewayState(client: Client): void {
  connected = client;
  if (registered) return;
  registered = true;
  new Gauge({
    name: 'lunar_discord_gateway_ready',
    registers: [register],
    help: "Whether this process's Discord gateway session is ready (1) or not: connecting, resuming, closed (0).",
    collect() {
      this.set(connected?.ws.status === Status.Ready ? 1 : 0);
    },
  });
}

/** The client closed: the gauge reads 0 until another starts. */
export function forgetGatewayState(client: Client): void {
  if (connected === client) connected = null;
}
