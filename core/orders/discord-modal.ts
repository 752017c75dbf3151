/**
 * A modal (interaction response type 9, Discord API v10) as plain JSON; core/discord's payload
 * types cover messages only. Each text input sits in its own action row.
 */
export const MODAL_LIMITS = {
  title: 45,
  label: 45,
  placeholder: 100,
  /** Text inputs per modal. */
  rows: 5,
  /** Longest text a text input takes. */
  textLength: 4000,
} as const;

export const TEXT_INPUT_STYLE = { short: 1, paragraph: 2 } as const;

export interface DiscordTextInput {
  type: 4;
  custom_id: string;
  style: (typeof TEXT_INPUT_STYLE)[keyof typeof TEXT_INPUT_STYLE];
  label: string;
  min_length?: number;
  max_length?: number;
  required: boolean;
  value?: string;
  placeholder?: string;
}

export interface DiscordModal {
  custom_id: string;
  title: string;
  components: { type: 1; components: [DiscordTextInput] }[];
}

/** Every way `modal` would be rejected by Discord; empty when it is acceptable. */
export function findModalLimitViolations(modal: DiscordModal): string[] {
  const problems: string[] = [];
  if (modal.custom_id.length > 100) problems.push('custom_id longer than 100');
  if (modal.title.length > MODAL_LIMITS.title) problems.push('title too long');
  if (modal.components.length < 1 || modal.components.length > MODAL_LIMITS.rows) {
    problems.push('a modal has 1 to 5 text inputs');
  }
  for (const { components } of modal.components) {
    const [input] = components;
    if (input.label.length > MODAL_LIMITS.label) problems.push(`label ${input.label} too long`);
    if ((input.placeholder?.length ?? 0) > MODAL_LIMITS.placeholder) problems.push('placeholder');
    if ((input.max_length ?? 0) > MODAL_LIMITS.textLength) problems.push('max_length too large');
    if ((input.value?.length ?? 0) > (input.max_length ?? MODAL_LIMITS.textLength)) {
      problems.push('value longer than max_length');
    }
  }
  return problems;
}

export function withinModalLimits(modal: DiscordModal): DiscordModal {
  const problems = findModalLimitViolations(modal);
  if (problems.length) throw new Error(`modal exceeds Discord limits: ${problems.join('; ')}`);
  return modal;
}

export function textInput(input: Omit<DiscordTextInput, 'type'>) {
  return { type: 1 as const, components: [{ type: 4 as const, ...input }] as [DiscordTextInput] };
}
