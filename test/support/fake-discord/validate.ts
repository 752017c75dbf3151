import {
  asObject,
  checkChoice,
  checkCount,
  checkMax,
  checkRequired,
  countChars,
  type FieldIssue,
  type Json,
} from './form-errors';

// Discord's documented message limits ("Create Message", "Embed Limits", "Component
// Reference"). Lengths count code points, as Discord's backend does, so a multi-byte answer
// costs one character per code point, not per UTF-16 unit or byte.
export const LIMITS = {
  content: 2000,
  embeds: 10,
  attachments: 10,
  embedTitle: 256,
  embedDescription: 4096,
  embedFields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footerText: 2048,
  authorName: 256,
  embedTotal: 6000,
  actionRows: 5,
  rowComponents: 5,
  customId: 100,
  buttonLabel: 80,
  nonce: 25,
  allowedMentionIds: 100,
} as const;

const MENTION_TYPES = ['roles', 'users', 'everyone'] as const;

function validateEmbeds(issues: FieldIssue[], embeds: unknown[]): void {
  let total = 0;
  embeds.forEach((raw, index) => {
    const embed = asObject(raw);
    const at = (...rest: Array<string | number>) => ['embeds', index, ...rest];
    checkMax(issues, at('title'), embed.title, LIMITS.embedTitle);
    checkMax(issues, at('description'), embed.description, LIMITS.embedDescription);
    const footer = asObject(embed.footer);
    const author = asObject(embed.author);
    checkMax(issues, at('footer', 'text'), footer.text, LIMITS.footerText);
    checkMax(issues, at('author', 'name'), author.name, LIMITS.authorName);
    total += countChars(embed.title) + countChars(embed.description);
    total += countChars(footer.text) + countChars(author.name);
    const fields = Array.isArray(embed.fields) ? embed.fields : [];
    checkCount(issues, at('fields'), fields, LIMITS.embedFields);
    fields.forEach((rawField, fieldIndex) => {
      const field = asObject(rawField);
      checkRequired(issues, at('fields', fieldIndex, 'name'), field.name);
      checkRequired(issues, at('fields', fieldIndex, 'value'), field.value);
      checkMax(issues, at('fields', fieldIndex, 'name'), field.name, LIMITS.fieldName);
      checkMax(issues, at('fields', fieldIndex, 'value'), field.value, LIMITS.fieldValue);
      total += countChars(field.name) + countChars(field.value);
    });
  });
  if (total > LIMITS.embedTotal) {
    issues.push({
      path: ['embeds'],
      code: 'MAX_EMBED_SIZE_EXCEEDED',
      message: `Embed size exceeds maximum size of ${LIMITS.embedTotal}`,
    });
  }
}

function validateComponents(issues: FieldIssue[], rows: unknown[]): void {
  checkCount(issues, ['components'], rows, LIMITS.actionRows);
  rows.forEach((rawRow, rowIndex) => {
    const row = asObject(rawRow);
    const children = Array.isArray(row.components) ? row.components : [];
    if (row.type !== 1) {
      issues.push({
        path: ['components', rowIndex, 'type'],
        code: 'COMPONENT_LAYOUT_INVALID',
        message: 'Top-level components must be action rows',
      });
    }
    checkCount(issues, ['components', rowIndex, 'components'], children, LIMITS.rowComponents);
    children.forEach((rawChild, childIndex) => {
      const child = asObject(rawChild);
      const at = ['components', rowIndex, 'components', childIndex];
      checkMax(issues, [...at, 'custom_id'], child.custom_id, LIMITS.customId);
      checkMax(issues, [...at, 'label'], child.label, LIMITS.buttonLabel);
      // Link buttons (style 5) carry a url; every other interactive component needs a custom_id.
      if (child.type === 2 && child.style !== 5 && child.style !== 6) {
        checkRequired(issues, [...at, 'custom_id'], child.custom_id);
      }
    });
  });
}

// "parse" is mutually exclusive with listing ids of the same kind (Allowed Mentions Object).
function validateAllowedMentions(issues: FieldIssue[], allowed: Json): void {
  const parse = Array.isArray(allowed.parse) ? allowed.parse : [];
  parse.forEach((type, index) => {
    checkChoice(issues, ['allowed_mentions', 'parse', index], type, MENTION_TYPES);
  });
  for (const kind of ['users', 'roles'] as const) {
    const ids = allowed[kind];
    checkCount(issues, ['allowed_mentions', kind], ids, LIMITS.allowedMentionIds);
    if (parse.includes(kind) && Array.isArray(ids) && ids.length > 0) {
      issues.push({
        path: ['allowed_mentions'],
        code: 'MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE',
        message: `parse:["${kind}"] and ${kind}: [ids...] are mutually exclusive.`,
      });
    }
  }
}

/** Issues for a message create/edit body, empty when Discord would accept it. */
export function validateMessageBody(body: Json, fileCount: number): FieldIssue[] {
  const issues: FieldIssue[] = [];
  checkMax(issues, ['content'], body.content, LIMITS.content);
  if (Array.isArray(body.embeds)) {
    checkCount(issues, ['embeds'], body.embeds, LIMITS.embeds);
    validateEmbeds(issues, body.embeds);
  }
  if (Array.isArray(body.components)) validateComponents(issues, body.components);
  const attachmentCount = Math.max(
    fileCount,
    Array.isArray(body.attachments) ? body.attachments.length : 0,
  );
  if (attachmentCount > LIMITS.attachments) {
    issues.push({
      path: ['attachments'],
      code: 'BASE_TYPE_MAX_LENGTH',
      message: `Must be ${LIMITS.attachments} or fewer in length.`,
    });
  }
  if (typeof body.nonce === 'string') checkMax(issues, ['nonce'], body.nonce, LIMITS.nonce);
  if (body.allowed_mentions) validateAllowedMentions(issues, asObject(body.allowed_mentions));
  return issues;
}

export function isEmptyMessage(body: Json, fileCount: number): boolean {
  const has = (value: unknown) => Array.isArray(value) && value.length > 0;
  const hasContent = typeof body.content === 'string' && body.content.length > 0;
  return (
    !hasContent &&
    !has(body.embeds) &&
    !has(body.components) &&
    !has(body.sticker_ids) &&
    fileCount === 0 &&
    !body.poll
  );
}
