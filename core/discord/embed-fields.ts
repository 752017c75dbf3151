import { countMessageEmbedChars, DISCORD_LIMITS, measureDiscordText } from './limits';
import { endsInEscape, escapeMarkdown } from './markdown';
import {
  type DiscordEmbed,
  type DiscordEmbedField,
  type DiscordTextAttachment,
  TEXT_CONTENT_TYPE,
} from './payload';

/** Shown for an optional answer left empty: Discord rejects empty field values. */
const EMPTY_VALUE = '—';
// A zero-width space: a heading field needs a non-empty value.
const HEADING_VALUE = '\u200b';

export type EmbedItem =
  | { kind: 'heading'; name: string }
  | {
      kind: 'field';
      name: string;
      value: string;
      inline?: boolean;
      /** Where the answer goes when the message cannot hold it; without it, it is always split. */
      file?: string;
      /**
       * Our own text whose markdown is meant (mentions, timestamps). Anything else is user text
       * and shown exactly as typed (escaped); attached files always keep the text as typed.
       */
      trusted?: boolean;
    };

interface EmbedLayoutInput {
  /** Title, colour, timestamp, footer… of the first embed; continuation embeds keep the colour. */
  head: Omit<DiscordEmbed, 'fields'>;
  items: EmbedItem[];
  /** At least 1. When more answers overflow than this, they share `combinedFileName`. */
  maxTextFiles: number;
  combinedFileName: string;
}

interface EmbedLayout {
  embeds: DiscordEmbed[];
  files: DiscordTextAttachment[];
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/**
 * Splits `text` into pieces of at most `max` UTF-16 units whose concatenation is exactly `text`.
 * Never splits a surrogate pair; prefers to break after a newline or a space near the end.
 */
export function splitText(text: string, max: number = DISCORD_LIMITS.fieldValue): string[] {
  if (max < 2) throw new RangeError('max must be at least 2');
  const pieces: string[] = [];
  let rest = text;
  while (measureDiscordText(rest) > max) {
    let cut = isHighSurrogate(rest.charCodeAt(max - 1)) ? max - 1 : max;
    const newline = rest.lastIndexOf('\n', cut - 1);
    const space = rest.lastIndexOf(' ', cut - 1);
    if (newline >= cut / 2) cut = newline + 1;
    else if (space >= (cut * 3) / 4) cut = space + 1;
    // An escaping backslash stays with the character it escapes.
    if (endsInEscape(rest.slice(0, cut))) cut -= 1;
    pieces.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  if (rest !== '') pieces.push(rest);
  return pieces;
}

type FieldItem = Extract<EmbedItem, { kind: 'field' }>;

const shownValue = (item: FieldItem) => (item.trusted ? item.value : escapeMarkdown(item.value));

function fieldsFor(item: EmbedItem, attachedAs: string | null): DiscordEmbedField[] {
  if (item.kind === 'heading') return [{ name: item.name, value: HEADING_VALUE }];
  if (attachedAs) return [{ name: item.name, value: attachedAs }];
  const pieces = splitText(item.value === '' ? EMPTY_VALUE : shownValue(item));
  return pieces.map((value, i) => ({
    name: i === 0 ? item.name : `${item.name} (cont.)`,
    value,
    ...(item.inline && pieces.length === 1 ? { inline: true } : {}),
  }));
}

function packEmbeds(head: EmbedLayoutInput['head'], fields: DiscordEmbedField[]): DiscordEmbed[] {
  const embeds: DiscordEmbed[] = [];
  let rest = fields;
  do {
    let take = Math.min(rest.length, DISCORD_LIMITS.embedFields);
    // Keep a heading with the fields under it rather than leaving it last in an embed.
    if (take < rest.length && take > 1 && rest[take - 1]?.value === HEADING_VALUE) take -= 1;
    const chunk = rest.slice(0, take);
    rest = rest.slice(take);
    embeds.push(
      embeds.length === 0 ? { ...head, fields: chunk } : { color: head.color, fields: chunk },
    );
  } while (rest.length > 0);
  return embeds;
}

const fits = (embeds: DiscordEmbed[]) =>
  embeds.length <= DISCORD_LIMITS.embedsPerMessage &&
  countMessageEmbedChars(embeds) <= DISCORD_LIMITS.embedsTotalChars;

// Blank pieces (a run of whitespace longer than a field) would be rejected by Discord.
const splitsBlank = (item: FieldItem) => splitText(shownValue(item)).some((p) => p.trim() === '');

/**
 * Lays items out as embed fields within every Discord limit. Answers move to .txt attachments,
 * largest first, until the message fits; nothing is ever cut off.
 */
export function layoutEmbedFields(input: EmbedLayoutInput): EmbedLayout {
  const { head, items, maxTextFiles, combinedFileName } = input;
  if (maxTextFiles < 1) throw new RangeError('maxTextFiles must be at least 1');
  const attached = new Set<number>();
  items.forEach((item, i) => {
    if (item.kind === 'field' && item.file && splitsBlank(item)) attached.add(i);
  });
  for (;;) {
    const combined = attached.size > maxTextFiles;
    const fields = items.flatMap((item, i) => {
      if (!attached.has(i) || item.kind !== 'field') return fieldsFor(item, null);
      const note = combined
        ? `Full answer attached in ${combinedFileName}`
        : `Full answer attached as ${item.file}`;
      return fieldsFor(item, note);
    });
    const embeds = packEmbeds(head, fields);
    if (fits(embeds))
      return { embeds, files: buildFiles(items, attached, combined, combinedFileName) };
    const next = largestMovable(items, attached);
    if (next === -1) throw new Error('Fixed embed content exceeds Discord limits');
    attached.add(next);
  }
}

function largestMovable(items: EmbedItem[], attached: Set<number>): number {
  let best = -1;
  let bestLength = 0;
  items.forEach((item, i) => {
    if (item.kind !== 'field' || !item.file || attached.has(i)) return;
    const length = measureDiscordText(shownValue(item));
    if (length > bestLength) {
      best = i;
      bestLength = length;
    }
  });
  return best;
}

function buildFiles(
  items: EmbedItem[],
  attached: Set<number>,
  combined: boolean,
  combinedFileName: string,
): DiscordTextAttachment[] {
  const moved = items.filter(
    (item, i): item is FieldItem & { file: string } =>
      attached.has(i) && item.kind === 'field' && item.file !== undefined,
  );
  if (moved.length === 0) return [];
  if (!combined) {
    return moved.map((item) => ({
      kind: 'text',
      filename: item.file,
      description: item.name,
      contentType: TEXT_CONTENT_TYPE,
      text: item.value,
    }));
  }
  const text = moved.map((item) => `=== ${item.name} ===\n\n${item.value}\n`).join('\n');
  return [
    {
      kind: 'text',
      filename: combinedFileName,
      description: 'Full answers',
      contentType: TEXT_CONTENT_TYPE,
      text,
    },
  ];
}
