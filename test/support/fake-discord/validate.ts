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
} as const;

export interface FieldIssue {
  path: Array<string | number>;
  code: string;
  message: string;
}

type Json = Record<string, unknown>;

function countChars(value: unknown): number {
  return typeof value === 'string' ? [...value].length : 0;
}

function asObject(value: unknown): Json {
  return value && typeof value === 'object' ? (value as Json) : {};
}

function checkMax(issues: FieldIssue[], path: FieldIssue['path'], value: unknown, max: number) {
  if (countChars(value) > max) {
    issues.push({
      path,
      code: 'BASE_TYPE_MAX_LENGTH',
      message: `Must be ${max} or fewer in length.`,
    });
  }
}

function checkRequired(issues: FieldIssue[], path: FieldIssue['path'], value: unknown) {
  if (typeof value !== 'string' || value.trim() === '') {
    issues.push({ path, code: 'BASE_TYPE_REQUIRED', message: 'This field is required' });
  }
}

function checkCount(issues: FieldIssue[], path: FieldIssue['path'], list: unknown, max: number) {
  if (Array.isArray(list) && list.length > max) {
    issues.push({
      path,
      code: 'BASE_TYPE_MAX_LENGTH',
      message: `Must be ${max} or fewer in length.`,
    });
  }
}

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
  return issues;
}

/** Discord nests form errors by path: { embeds: { 0: { title: { _errors: [...] } } } }. */
export function toDiscordErrors(issues: FieldIssue[]): Json {
  const root: Json = {};
  for (const issue of issues) {
    let node = root;
    for (const key of issue.path) {
      const next = asObject(node[String(key)]);
      node[String(key)] = next;
      node = next;
    }
    const list = Array.isArray(node._errors) ? node._errors : [];
    node._errors = [...list, { code: issue.code, message: issue.message }];
  }
  return root;
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
