import type { FakeUpload } from './cdn';
import { asObject, countChars, type Json } from './form-errors';
import type { Resolved } from './resolved';

/**
 * What the user entered in one modal field: text for a text input, picked values (or ids) for
 * a select or checkbox group, one value (or null) for a radio group, a boolean for a checkbox,
 * files for a file upload.
 */
export type ModalValue = string | string[] | boolean | null | FakeUpload[];

const fail = (message: string): never => {
  throw new Error(`fake-discord: ${message}`);
};

const list = (value: unknown): Json[] => (Array.isArray(value) ? value.map(asObject) : []);

function checkCount(customId: string, count: number, field: Json) {
  const required = field.required !== false;
  const min = typeof field.min_values === 'number' ? field.min_values : required ? 1 : 0;
  const max = typeof field.max_values === 'number' ? field.max_values : 1;
  if ((count > 0 || required) && count < min) fail(`${customId} needs at least ${min} value(s)`);
  if (count > max) fail(`${customId} takes at most ${max} value(s)`);
}

function textValue(field: Json, value: ModalValue | undefined): string {
  const customId = String(field.custom_id);
  const text = value === undefined ? (typeof field.value === 'string' ? field.value : '') : value;
  if (typeof text !== 'string') return fail(`${customId} is a text input: give a string`);
  const length = countChars(text);
  if (field.required !== false && length === 0) fail(`${customId} is required`);
  if (length > 0 && length < Number(field.min_length ?? 0)) fail(`${customId} is too short`);
  if (length > Number(field.max_length ?? 4000)) fail(`${customId} is too long`);
  return text;
}

function pickedValues(field: Json, value: ModalValue | undefined): string[] {
  const customId = String(field.custom_id);
  const defaults = list(field.options).filter((option) => option.default === true);
  const picked = value === undefined ? defaults.map((option) => String(option.value)) : value;
  if (!Array.isArray(picked) || picked.some((item) => typeof item !== 'string')) {
    return fail(`${customId} takes a list of values`);
  }
  return picked as string[];
}

// User (5), role (6), mentionable (7) and channel (8) selects send ids with `resolved` entries.
function resolveSelected(field: Json, id: string, resolved: Resolved) {
  if (field.type === 5) resolved.addUser(id);
  else if (field.type === 6) resolved.addRole(id);
  else if (field.type === 7) resolved.addMentionable(id);
  else
    resolved.addChannel(id, Array.isArray(field.channel_types) ? field.channel_types : undefined);
}

function submitField(field: Json, value: ModalValue | undefined, resolved: Resolved): Json {
  const customId = String(field.custom_id);
  const base = { type: field.type, id: field.id, custom_id: customId };
  const options = list(field.options).map((option) => String(option.value));
  switch (field.type) {
    case 4:
      return { ...base, value: textValue(field, value) };
    case 3:
    case 22: {
      const values = pickedValues(field, value);
      const unknown = values.filter((item) => !options.includes(item));
      if (unknown.length > 0) fail(`${customId} has no option ${unknown.join(', ')}`);
      checkCount(customId, values.length, field);
      return { ...base, values };
    }
    case 5:
    case 6:
    case 7:
    case 8: {
      const values = pickedValues(field, value);
      checkCount(customId, values.length, field);
      for (const id of values) resolveSelected(field, id, resolved);
      return { ...base, values };
    }
    case 19: {
      const files = value ?? [];
      if (!Array.isArray(files)) return fail(`${customId} is a file upload: give files`);
      checkCount(customId, files.length, field);
      return {
        ...base,
        values: (files as FakeUpload[]).map((file) => resolved.addAttachment(file)),
      };
    }
    case 21: {
      const picked = value ?? null;
      if (picked !== null && (typeof picked !== 'string' || !options.includes(picked))) {
        fail(`${customId} has no option ${String(picked)}`);
      }
      if (picked === null && field.required !== false) fail(`${customId} is required`);
      return { ...base, value: picked };
    }
    case 23:
      return { ...base, value: value === true };
    default:
      return fail(`component type ${String(field.type)} cannot be submitted`);
  }
}

/**
 * The `components` of a MODAL_SUBMIT for the modal the bot showed, laid out as it was (action
 * rows or labels), with the checks Discord's client makes before it lets the user submit.
 * Components without an `id` get sequential ones, as Discord assigns them.
 */
export function buildModalSubmission(
  modal: Json,
  values: Record<string, ModalValue>,
  resolved: Resolved,
): Json[] {
  let nextId = 1;
  const withId = (component: Json): Json => ({ ...component, id: component.id ?? nextId++ });
  const used = new Set<string>();
  const field = (raw: Json) => {
    const component = withId(raw);
    used.add(String(component.custom_id));
    return submitField(component, values[String(component.custom_id)], resolved);
  };
  const components = list(modal.components).map((raw) => {
    const top = withId(raw);
    if (top.type === 1) return { type: 1, id: top.id, components: list(top.components).map(field) };
    if (top.type === 18) return { type: 18, id: top.id, component: field(asObject(top.component)) };
    return { type: top.type, id: top.id };
  });
  const extra = Object.keys(values).filter((key) => !used.has(key));
  if (extra.length > 0) fail(`the modal has no field ${extra.join(', ')}`);
  return components;
}

/** A modal the fake did not see opened: one text input per field, in labels or action rows. */
export function textInputModal(
  customId: string,
  fields: Record<string, ModalValue>,
  layout: 'label' | 'row',
): Json {
  const input = (key: string) => ({ type: 4, custom_id: key, style: 1, required: false });
  return {
    custom_id: customId,
    components: Object.keys(fields).map((key) =>
      layout === 'label'
        ? { type: 18, label: key, component: input(key) }
        : { type: 1, components: [input(key)] },
    ),
  };
}
