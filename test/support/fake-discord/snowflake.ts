// Discord epoch (2015-01-01): snowflakes encode their creation time, and discord.js reads
// `createdTimestamp` from them, so ids must look real rather than be counters.
const DISCORD_EPOCH = 1420070400000n;
let increment = 0n;

export function generateSnowflake(at: number = Date.now()): string {
  increment = (increment + 1n) & 0xfffn;
  const worker = 1n << 17n;
  const processId = 1n << 12n;
  return (((BigInt(at) - DISCORD_EPOCH) << 22n) | worker | processId | increment).toString();
}

export function readSnowflakeTime(id: string): number {
  return Number((BigInt(id) >> 22n) + DISCORD_EPOCH);
}
