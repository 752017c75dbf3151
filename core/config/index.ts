import { z } from 'zod';
import { DEFAULT_PORTFOLIO_USERNAME } from '../portfolio/default-profile';
import { PLACEHOLDER_DISCORD_INVITE_URL, PLACEHOLDER_SUPPORT_EMAIL } from '../site/studio-settings';
import { discordCrossErrors, discordVariables, withDiscordConfig } from './discord';
import { optionalText } from './fields';
import { paymentCrossErrors, paymentVariables, withPaymentsConfig } from './payments';
import { describeValue, withoutSecrets } from './secrets';
import { signInCrossErrors, signInVariables, withSignInConfig } from './sign-in';
import { storageCrossErrors, storageVariables, withStorageConfig } from './storage';
import { ticketVariables, withTicketsConfig } from './tickets';
import { uploadVariables } from './uploads';

export * from './discord';
export type { RobloxConfig, StripeConfig } from './payments';
export * from './sign-in';
export type { BucketConfig } from './storage';
export * from './tickets';

// The one place that knows every environment variable. Parsed once at start-up by the process
// entry; everything else receives the typed `Config`. `.env.example` documents the same list.

const PROCESS_ROLES = ['web', 'bot', 'worker'] as const;
type ProcessRole = (typeof PROCESS_ROLES)[number];

const rolesList = z
  .string()
  .default(PROCESS_ROLES.join(','))
  .transform((value) =>
    value
      .split(',')
      .map((role) => role.trim())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(
        z.enum(PROCESS_ROLES, { error: `each role must be one of ${PROCESS_ROLES.join(', ')}` }),
      )
      .min(1, { error: 'name at least one role' }),
  );

const EnvironmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int()
    .min(0)
    .max(65535, { error: 'must be between 0 and 65535' })
    .default(3000),
  PUBLIC_URL: z.url({ error: 'must be the absolute URL the site is reached at' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LUNAR_ROLES: rolesList,
  // The outbox worker's fallback poll: it wakes at once on each change (LISTEN/NOTIFY); the
  // poll only catches retries coming due and a missed notification.
  OUTBOX_POLL_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(50, { error: 'must be at least 50' })
    .max(86_400_000, { error: 'must be at most a day' })
    .default(1000),
  // How many reverse proxies stand in front (a number) or their addresses (comma-separated IPs
  // or CIDRs). Never "true": that would let any client pick its own IP for the rate limits.
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((value, ctx): false | number | string[] => {
      if (value === 'false' || value === '0') return false;
      if (/^\d+$/.test(value)) return Number(value);
      const addresses = value.split(',').map((address) => address.trim());
      if (addresses.every(isIpOrCidr)) return addresses;
      ctx.addIssue({
        code: 'custom',
        message:
          'must be false, the number of proxies in front of the site (e.g. 1), or their addresses (e.g. 10.0.0.1,10.0.0.0/8)',
      });
      return z.NEVER;
    }),

  DATA_DIR: z.string().trim().min(1).default('./data'),
  // Where `npm run build` put the web app (client assets and the prerender bundle).
  WEB_DIST_DIR: z.string().trim().min(1).default('./dist/web'),
  DATABASE_URL: z
    .string()
    .trim()
    .transform((value) => value || undefined)
    .optional()
    .refine((value) => value === undefined || /^postgres(ql)?:\/\//.test(value), {
      message: 'must start with postgres:// (leave it unset to use the embedded database)',
    }),

  // Seed the demo team and portfolios into DATABASE_URL too (the embedded database always gets
  // them): off by default, so a production database never starts with made-up people.
  LUNAR_SEED_DEMO: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),

  // The defaults until Site settings in the dashboard stores the studio's own (the go-live
  // checklist asks for them).
  SUPPORT_EMAIL: z.email({ error: 'must be an e-mail address' }).default(PLACEHOLDER_SUPPORT_EMAIL),
  DISCORD_INVITE_URL: z
    .url({ error: 'must be a full https:// invite link' })
    .default(PLACEHOLDER_DISCORD_INVITE_URL),
  DEFAULT_PORTFOLIO_USERNAME: z.string().trim().min(1).default(DEFAULT_PORTFOLIO_USERNAME),
  BLOG_ADMIN_PASSCODE: optionalText.refine((value) => value === undefined || value.length >= 8, {
    message: 'must be at least 8 characters (or unset to disable passcode sign-in)',
  }),

  // The privacy policy's promise: applications (with their images) and contact messages older
  // than this are deleted by the worker's daily retention job; the policy page shows the value.
  RETENTION_MONTHS: z.coerce
    .number({ error: 'must be a whole number of months' })
    .int({ error: 'must be a whole number of months' })
    .min(1, { error: 'must be between 1 and 120 months' })
    .max(120, { error: 'must be between 1 and 120 months' })
    .default(12),

  // Metrics (docs/decisions/049-several-processes-and-metrics.md): off unless one is set.
  // A bearer token for `GET /metrics` on the site's own port…
  METRICS_TOKEN: optionalText.refine((value) => value === undefined || value.length >= 24, {
    message: 'must be at least 24 characters (e.g. openssl rand -hex 24), or unset',
  }),
  // …and/or a port of its own for every role (also a process without the web role): on
  // 127.0.0.1 without a token, or on HOST with METRICS_TOKEN. 0: any free port, logged.
  METRICS_PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int()
    .min(0, { error: 'must be between 0 and 65535' })
    .max(65535, { error: 'must be between 0 and 65535' })
    .optional(),

  ...discordVariables,
  // Staff sign-in (core/config/sign-in.ts).
  ...signInVariables,
  // Uploaded images in an S3-compatible bucket (core/config/storage.ts).
  ...storageVariables,
  // Application uploads' deadline and cap (core/config/uploads.ts).
  ...uploadVariables,
  // Tickets (core/config/tickets.ts).
  ...ticketVariables,
  // Automatic payments (core/config/payments.ts).
  ...paymentVariables,
});

/**
 * The environment, parsed; the Discord variables grouped as `config.discord`, the sign-in
 * ones as `config.signIn`, the bucket's as `config.bucket`, the ticket ones as `config.tickets`,
 * Roblox's as `config.roblox`.
 */
export const ConfigSchema = EnvironmentSchema.transform((env) =>
  withPaymentsConfig(
    withTicketsConfig(withStorageConfig(withSignInConfig(withDiscordConfig(env)))),
  ),
);

export type Config = z.infer<typeof ConfigSchema>;

type ConfigResult = { ok: true; config: Config } | { ok: false; errors: string[] };

// Rules across variables, checked even when other variables are invalid so that one run
// reports every problem.
// core/ runs in the browser too, so no node:net here: a strict enough check of the two forms.
function isIpOrCidr(text: string): boolean {
  const [address = '', prefix, ...rest] = text.split('/');
  if (rest.length > 0 || (prefix !== undefined && !/^\d{1,3}$/.test(prefix))) return false;
  const ipv4 = address.split('.');
  if (ipv4.length === 4 && ipv4.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255)) {
    return prefix === undefined || Number(prefix) <= 32;
  }
  const ipv6 =
    /^[\da-fA-F:]+$/.test(address) && address.includes(':') && address.split(':').length <= 8;
  return ipv6 && (prefix === undefined || Number(prefix) <= 128);
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1']);
const TRUST_PROXY_OFF = new Set(['false', '0']);

function crossVariableErrors(env: Record<string, string | undefined>): string[] {
  const errors: string[] = [];
  // Cookies are Secure unless the site's URL is a loopback http one, so a production server
  // reached from outside (listening beyond loopback, or behind a proxy) must say where.
  const listensOutside = env.HOST !== undefined && !LOOPBACK_HOSTS.has(env.HOST.trim());
  const behindProxy = env.TRUST_PROXY !== undefined && !TRUST_PROXY_OFF.has(env.TRUST_PROXY.trim());
  const production = (env.NODE_ENV ?? 'production') === 'production';
  if ((listensOutside || behindProxy) && production && !env.PUBLIC_URL) {
    errors.push(
      'PUBLIC_URL: is required in production when HOST is not a loopback address or TRUST_PROXY is set: the https:// address people use',
    );
  }
  errors.push(...discordCrossErrors(env));
  errors.push(...signInCrossErrors(env));
  errors.push(...storageCrossErrors(env));
  errors.push(...paymentCrossErrors(env));
  return errors;
}

export function parseConfig(rawEnv: Record<string, string | undefined>): ConfigResult {
  // An empty value means "use the default", as in a copied .env.example.
  const env = Object.fromEntries(
    Object.entries(rawEnv).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const result = ConfigSchema.safeParse(env);
  const errors = result.success
    ? []
    : result.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? 'environment');
        return `${name}: ${issue.message} ${describeValue(name, env[name])}`;
      });
  errors.push(...crossVariableErrors(env));
  if (result.success && errors.length === 0) return { ok: true, config: result.data };
  return { ok: false, errors: withoutSecrets(errors, env) };
}

export function formatConfigErrors(errors: string[]): string {
  return [
    'Lunar cannot start: the configuration is invalid.',
    ...errors.map((error) => `  - ${error}`),
    'Fix these variables in your environment or .env file (see .env.example), then start again.',
  ].join('\n');
}

export function hasRole(config: Config, role: ProcessRole): boolean {
  return config.LUNAR_ROLES.includes(role);
}

export function publicUrl(config: Config): string {
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  return config.PUBLIC_URL ?? `http://${host === '127.0.0.1' ? 'localhost' : host}:${config.PORT}`;
}
