import type { Interaction } from 'discord.js';
import { describe, expect, it, vi } from 'vitest';
import { parseConfig } from '../core/config';
import type { Database } from '../db/client';
import { createInteractionDispatcher, indexModules, NO_LONGER_IN_USE } from './dispatcher';
import type { Log } from './log';
import { unreachableModules } from './member-roles';
import type { BotContext, CommandModule, InteractionModules } from './modules';

const GUILD = '100000000000000000';
const LEAD_ROLE = '100000000000000001';
const EXECUTIVE_ROLE = '100000000000000002';

type Kind = 'command' | 'button' | 'modal' | 'autocomplete' | 'select';
type Answer = { via: 'reply' | 'followUp' | 'respond'; content?: string; flags?: number };

/** The slice of a discord.js interaction the dispatcher reads, recording every answer. */
function stubInteraction(
  kind: Kind,
  id: string,
  { roles = [] as string[], guildId = GUILD as string | null, deferred = false } = {},
) {
  const answers: Answer[] = [];
  const stub = {
    type: kind === 'select' ? 3 : 0,
    guildId,
    user: { id: '200000000000000000' },
    member: { roles },
    commandName: id,
    customId: id,
    deferred,
    replied: false,
    responded: false,
    isAutocomplete: () => kind === 'autocomplete',
    isChatInputCommand: () => kind === 'command',
    isButton: () => kind === 'button',
    isModalSubmit: () => kind === 'modal',
    isStringSelectMenu: () => kind === 'select',
    isRepliable: () => kind !== 'autocomplete',
    reply: async ({ content, flags }: Answer) => {
      answers.push({ via: 'reply', content, flags });
      stub.replied = true;
    },
    followUp: async ({ content, flags }: Answer) => {
      answers.push({ via: 'followUp', content, flags });
    },
    respond: async (choices: unknown[]) => {
      answers.push({ via: 'respond', content: JSON.stringify(choices) });
      stub.responded = true;
    },
  };
  return { interaction: stub as unknown as Interaction, answers };
}

function memoryLog() {
  const lines: { level: string; obj: unknown; msg?: string }[] = [];
  const at = (level: string) => (obj: unknown, msg?: string) => lines.push({ level, obj, msg });
  const log: Log = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
  return { log, lines };
}

function setUp(modules: Partial<InteractionModules>, env: Record<string, string> = {}) {
  const parsed = parseConfig({
    DISCORD_LEAD_ROLE_ID: LEAD_ROLE,
    DISCORD_EXECUTIVE_ROLE_ID: EXECUTIVE_ROLE,
    ...env,
  });
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  const { log, lines } = memoryLog();
  const ctx: BotContext = { config: parsed.config, db: {} as Database, log };
  const dispatch = createInteractionDispatcher(
    ctx,
    { commands: [], buttons: [], modals: [], ...modules },
    GUILD,
  );
  return { dispatch, lines };
}

const command = (overrides: Partial<CommandModule> = {}): CommandModule => ({
  data: { name: 'approve', description: 'Approve something' },
  access: { roles: ['lead', 'executive'] },
  execute: vi.fn(async () => {}),
  ...overrides,
});

describe('the interaction dispatcher', () => {
  it('runs the module for a member holding one of its roles', async () => {
    const approve = command();
    const { dispatch } = setUp({ commands: [approve] });
    const { interaction } = stubInteraction('command', 'approve', { roles: [EXECUTIVE_ROLE] });
    await dispatch(interaction);
    expect(approve.execute).toHaveBeenCalledOnce();
  });

  it('refuses a member without the declared role before the module runs, naming the role', async () => {
    const approve = command();
    const { dispatch } = setUp({ commands: [approve] });
    const { interaction, answers } = stubInteraction('command', 'approve', { roles: ['1'] });
    await dispatch(interaction);
    expect(approve.execute).not.toHaveBeenCalled();
    expect(answers).toEqual([
      { via: 'reply', content: 'This needs the Lead Designer or Executive role.', flags: 64 },
    ]);
  });

  it('says which variable to set when none of the roles is configured', async () => {
    const verify = command({ access: { roles: ['payment_verifier'] } });
    const { dispatch } = setUp({ commands: [verify] });
    const { interaction, answers } = stubInteraction('command', 'approve', { roles: [LEAD_ROLE] });
    await dispatch(interaction);
    expect(verify.execute).not.toHaveBeenCalled();
    expect(answers[0]?.content).toBe(
      'This needs the Payment Verifier role, which is not set up yet: DISCORD_PAYMENT_VERIFIER_ROLE_ID must be set.',
    );
  });

  it('lets anyone use a module open to everyone', async () => {
    const open = command({ access: 'everyone' });
    const { dispatch } = setUp({ commands: [open] });
    await dispatch(stubInteraction('command', 'approve').interaction);
    expect(open.execute).toHaveBeenCalledOnce();
  });

  it('refuses interactions from another server or a DM, whatever the roles', async () => {
    const approve = command();
    const { dispatch } = setUp({ commands: [approve] });
    for (const guildId of ['300000000000000000', null]) {
      const { interaction, answers } = stubInteraction('command', 'approve', {
        roles: [LEAD_ROLE],
        guildId,
      });
      await dispatch(interaction);
      expect(answers).toEqual([
        { via: 'reply', content: 'Lunar only answers in the studio server.', flags: 64 },
      ]);
    }
    expect(approve.execute).not.toHaveBeenCalled();
  });

  it('answers an unknown command, button, form or select menu', async () => {
    const { dispatch } = setUp({});
    const cases = [
      ['command', 'gone', NO_LONGER_IN_USE.command],
      ['button', 'old:1', NO_LONGER_IN_USE.button],
      ['modal', 'old-form', NO_LONGER_IN_USE.modal],
      ['select', 'menu', NO_LONGER_IN_USE.other],
    ] as const;
    for (const [kind, id, expected] of cases) {
      const { interaction, answers } = stubInteraction(kind, id);
      await dispatch(interaction);
      expect(answers, kind).toEqual([{ via: 'reply', content: expected, flags: 64 }]);
    }
  });

  it('routes buttons and modals by custom_id prefix', async () => {
    const button = { customIdPrefix: 'order', access: 'everyone' as const, execute: vi.fn() };
    const modal = { customIdPrefix: 'review', access: 'everyone' as const, execute: vi.fn() };
    const { dispatch } = setUp({ buttons: [button], modals: [modal] });
    await dispatch(stubInteraction('button', 'order:verify:12').interaction);
    await dispatch(stubInteraction('button', 'order').interaction);
    const { interaction: other, answers } = stubInteraction('button', 'orders:1');
    await dispatch(other);
    await dispatch(stubInteraction('modal', 'review:7').interaction);
    expect(button.execute).toHaveBeenCalledTimes(2);
    expect(answers[0]?.content).toBe(NO_LONGER_IN_USE.button);
    expect(modal.execute).toHaveBeenCalledOnce();
  });

  it('turns an error into an ephemeral answer with a reference that is also logged', async () => {
    const broken = command({
      access: 'everyone',
      execute: async () => {
        throw new Error('database down');
      },
    });
    const { dispatch, lines } = setUp({ commands: [broken] });
    const { interaction, answers } = stubInteraction('command', 'approve');
    await dispatch(interaction);
    const [answer] = answers;
    const reference = answer?.content?.match(
      /^Something went wrong \(reference ([0-9a-f]{8})\)\.$/,
    );
    expect(answer?.flags).toBe(64);
    expect(reference).not.toBeNull();
    const logged = lines.find((line) => line.level === 'error');
    expect(logged?.obj).toMatchObject({ reference: reference?.[1], what: '/approve' });
    expect(logged?.obj).toMatchObject({ err: { message: 'database down' } });
  });

  it('follows up instead of replying when the module had already deferred', async () => {
    const broken = command({
      access: 'everyone',
      execute: async () => {
        throw new Error('late failure');
      },
    });
    const { dispatch } = setUp({ commands: [broken] });
    const { interaction, answers } = stubInteraction('command', 'approve', { deferred: true });
    await dispatch(interaction);
    expect(answers.map((answer) => answer.via)).toEqual(['followUp']);
  });

  it('gives autocomplete to allowed members only, and an empty list otherwise', async () => {
    const autocomplete = vi.fn(async () => {});
    const { dispatch, lines } = setUp({ commands: [command({ autocomplete })] });
    await dispatch(stubInteraction('autocomplete', 'approve', { roles: [LEAD_ROLE] }).interaction);
    expect(autocomplete).toHaveBeenCalledOnce();

    const refused = stubInteraction('autocomplete', 'approve');
    await dispatch(refused.interaction);
    expect(refused.answers).toEqual([{ via: 'respond', content: '[]' }]);
    expect(autocomplete).toHaveBeenCalledOnce();

    autocomplete.mockRejectedValueOnce(new Error('lookup failed'));
    const failed = stubInteraction('autocomplete', 'approve', { roles: [LEAD_ROLE] });
    await dispatch(failed.interaction);
    expect(failed.answers).toEqual([{ via: 'respond', content: '[]' }]);
    expect(lines.find((line) => line.level === 'error')?.msg).toBe('autocomplete failed');
  });

  it('refuses at start-up two modules that would answer the same interaction', () => {
    expect(() =>
      indexModules({ commands: [command(), command()], buttons: [], modals: [] }),
    ).toThrow('Two command modules are named /approve');
    const button = (customIdPrefix: string) => ({
      customIdPrefix,
      access: 'everyone' as const,
      execute: async () => {},
    });
    expect(() =>
      indexModules({
        commands: [],
        buttons: [button('order'), button('order:verify')],
        modals: [],
      }),
    ).toThrow('The button prefixes "order:verify" and "order" overlap');
    expect(() =>
      indexModules({ commands: [], buttons: [button('order'), button('orders')], modals: [] }),
    ).not.toThrow();
  });

  it('lists, for the start-up log, the modules nobody can use because their roles are unset', () => {
    const modules = {
      commands: [
        command({ access: { roles: ['payment_verifier'] } }),
        command({ access: 'everyone' }),
      ],
      buttons: [
        {
          customIdPrefix: 'application',
          access: { roles: ['lead', 'executive'] } as const,
          execute: async () => {},
        },
      ],
      modals: [],
    };
    expect(
      unreachableModules(modules, {
        designer: undefined,
        payment_verifier: undefined,
        lead: undefined,
        executive: EXECUTIVE_ROLE,
      }),
    ).toEqual(['Nobody can use /approve until DISCORD_PAYMENT_VERIFIER_ROLE_ID is set.']);
    expect(
      unreachableModules(modules, {
        designer: undefined,
        payment_verifier: undefined,
        lead: undefined,
        executive: undefined,
      }),
    ).toEqual([
      'Nobody can use /approve until DISCORD_PAYMENT_VERIFIER_ROLE_ID is set.',
      'Nobody can use the application buttons until DISCORD_LEAD_ROLE_ID or DISCORD_EXECUTIVE_ROLE_ID is set.',
    ]);
  });
});
