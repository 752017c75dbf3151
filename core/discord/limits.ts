import { hasLoneSurrogate } from '../shared/text';
import type { DiscordAttachment, DiscordEmbed, DiscordMessagePayload } from './payload';

/** Discord's documented message limits (https://discord.com/developers/docs/resources/message). */
export const DISCORD_LIMITS = {
  embedTitle: 256,
  embedDescription: 4096,
  embedFields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footerText: 2048,
  authorName: 256,
  /** Summed over title, description, field names and values, footer and author of ALL embeds. */
  embedsTotalChars: 6000,
  content: 2000,
  embedsPerMessage: 10,
  attachmentsPerMessage: 10,
  attachmentDescription: 1024,
  nonce: 25,
  customId: 100,
  buttonLabel: 80,
  /** A link button's url (Discord's documented maximum). */
  buttonUrl: 512,
  buttonsPerRow: 5,
  actionRows: 5,
  /**
   * Largest file a bot may upload to a server without boosts (Discord sends it to interactions
   * as `attachment_size_limit`; 10 MiB since 2024).
   */
  fileBytes: 10 * 1024 * 1024,
  /**
   * Our budget for all files of one message together. Discord's Create Message docs: "The
   * maximum request size when sending a message is 25 MiB"; past it Discord answers 413
   * (code 40005). One MiB stays free for payload_json and the multipart framing.
   */
  uploadBytes: 24 * 1024 * 1024,
} as const;

/**
 * Discord counts characters (Unicode code points). We count UTF-16 code units instead, which is
 * never less than the code-point count (an emoji is 1 code point but 2 units), so anything that
 * fits by our count also fits by Discord's. CJK characters are 1 unit each.
 */
export function measureDiscordText(text: string): number {
  return text.length;
}

/** Bytes of `text` in UTF-8, which is how a generated .txt file is uploaded. */
function measureUtf8Bytes(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** Bytes one attachment adds to the upload. */
export function attachmentBytes(attachment: DiscordAttachment): number {
  return attachment.kind === 'text' ? measureUtf8Bytes(attachment.text) : attachment.byteSize;
}

export function countEmbedChars(embed: DiscordEmbed): number {
  let total = measureDiscordText(embed.title ?? '') + measureDiscordText(embed.description ?? '');
  for (const field of embed.fields ?? []) {
    total += measureDiscordText(field.name) + measureDiscordText(field.value);
  }
  total +=
    measureDiscordText(embed.footer?.text ?? '') + measureDiscordText(embed.author?.name ?? '');
  return total;
}

export function countMessageEmbedChars(embeds: readonly DiscordEmbed[]): number {
  return embeds.reduce((sum, embed) => sum + countEmbedChars(embed), 0);
}

// A lone surrogate cannot be encoded as UTF-8, so Discord would mangle or reject it.

function checkText(problems: string[], where: string, text: string | undefined, max: number) {
  if (text === undefined) return;
  if (measureDiscordText(text) > max) problems.push(`${where} is longer than ${max}`);
  if (hasLoneSurrogate(text)) problems.push(`${where} contains a lone surrogate`);
}

/** Every way `payload` would be rejected by Discord; empty when it is acceptable. */
export function findLimitViolations(payload: DiscordMessagePayload): string[] {
  const L = DISCORD_LIMITS;
  const problems: string[] = [];
  checkText(problems, 'content', payload.content, L.content);
  if (payload.embeds.length > L.embedsPerMessage) problems.push('too many embeds');
  if (countMessageEmbedChars(payload.embeds) > L.embedsTotalChars) {
    problems.push(`embeds exceed ${L.embedsTotalChars} characters in total`);
  }
  payload.embeds.forEach((embed, e) => {
    checkText(problems, `embed ${e} title`, embed.title, L.embedTitle);
    checkText(problems, `embed ${e} description`, embed.description, L.embedDescription);
    checkText(problems, `embed ${e} footer`, embed.footer?.text, L.footerText);
    checkText(problems, `embed ${e} author`, embed.author?.name, L.authorName);
    const fields = embed.fields ?? [];
    if (fields.length > L.embedFields) problems.push(`embed ${e} has more than 25 fields`);
    fields.forEach((field, f) => {
      checkText(problems, `embed ${e} field ${f} name`, field.name, L.fieldName);
      checkText(problems, `embed ${e} field ${f} value`, field.value, L.fieldValue);
      if (field.name.trim() === '') problems.push(`embed ${e} field ${f} name is blank`);
      if (field.value.trim() === '') problems.push(`embed ${e} field ${f} value is blank`);
    });
  });
  const attachments = payload.attachments ?? [];
  if (attachments.length > L.attachmentsPerMessage) problems.push('too many attachments');
  const uploadBytes = attachments.reduce((sum, a) => sum + attachmentBytes(a), 0);
  if (uploadBytes > L.uploadBytes) problems.push(`attachments exceed ${L.uploadBytes} bytes`);
  const names = new Set(attachments.map((a) => a.filename));
  if (names.size !== attachments.length) problems.push('attachment file names are not unique');
  for (const a of attachments) {
    checkText(
      problems,
      `attachment ${a.filename} description`,
      a.description,
      L.attachmentDescription,
    );
  }
  if (payload.nonce !== undefined && payload.nonce.length > L.nonce)
    problems.push('nonce too long');
  for (const row of payload.components ?? []) {
    if (row.components.length > L.buttonsPerRow) problems.push('too many buttons in a row');
    for (const button of row.components) {
      checkText(problems, 'button label', button.label, L.buttonLabel);
      if ('url' in button) checkText(problems, 'button url', button.url, L.buttonUrl);
      else checkText(problems, 'button custom_id', button.custom_id, L.customId);
    }
  }
  if ((payload.components ?? []).length > L.actionRows) problems.push('too many action rows');
  return problems;
}
