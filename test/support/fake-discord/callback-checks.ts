import {
  asObject,
  checkBetween,
  checkChoice,
  checkCount,
  checkIntegerRange,
  checkMax,
  type FieldIssue,
  type Json,
} from './form-errors';
import type { InteractionRecord } from './state';

// "Interaction Callback Type": 6 and 7 only for components (and modals opened from one), 8
// only for autocomplete, 9 not for a modal submit. Discord answers any other type with
// 50035 and `type: Value must be one of {…}.`
export function allowedCallbackTypes(record: InteractionRecord): number[] {
  switch (record.type) {
    case 2:
      return [4, 5, 9];
    case 3:
      return [4, 5, 6, 7, 9];
    case 4:
      return [8];
    default:
      return record.sourceMessageId ? [4, 5, 6, 7] : [4, 5];
  }
}

export const CALLBACK_LIMITS = {
  choices: 25,
  choiceName: 100,
  choiceValue: 100,
  modalCustomId: 100,
  modalTitle: 45,
  modalComponents: 5,
  label: 45,
  labelDescription: 100,
  textInput: 4000,
  placeholder: 100,
  textDisplay: 4000,
  selectOptions: 25,
  selectValues: 25,
  fileUploads: 10,
} as const;

/** Callback type 8: at most 25 choices, names 1–100, string values up to 100. */
export function validateAutocompleteResult(data: Json): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const choices = Array.isArray(data.choices) ? data.choices : [];
  if (!Array.isArray(data.choices)) {
    issues.push({
      path: ['data', 'choices'],
      code: 'BASE_TYPE_REQUIRED',
      message: 'This field is required',
    });
  }
  checkCount(issues, ['data', 'choices'], choices, CALLBACK_LIMITS.choices);
  choices.forEach((raw, index) => {
    const choice = asObject(raw);
    const at = ['data', 'choices', index];
    checkBetween(issues, [...at, 'name'], choice.name, 1, CALLBACK_LIMITS.choiceName);
    if (typeof choice.value === 'string') {
      checkBetween(issues, [...at, 'value'], choice.value, 1, CALLBACK_LIMITS.choiceValue);
    } else if (typeof choice.value !== 'number') {
      issues.push({
        path: [...at, 'value'],
        code: 'BASE_TYPE_REQUIRED',
        message: 'This field is required',
      });
    }
  });
  return issues;
}

type Path = FieldIssue['path'];

function checkTextInput(issues: FieldIssue[], path: Path, input: Json, inRow: boolean) {
  // In the older action-row layout the text input carries its own label.
  if (inRow) checkBetween(issues, [...path, 'label'], input.label, 1, CALLBACK_LIMITS.label);
  checkChoice(issues, [...path, 'style'], input.style, [1, 2]);
  checkIntegerRange(
    issues,
    [...path, 'min_length'],
    input.min_length,
    0,
    CALLBACK_LIMITS.textInput,
  );
  checkIntegerRange(
    issues,
    [...path, 'max_length'],
    input.max_length,
    1,
    CALLBACK_LIMITS.textInput,
  );
  const { min_length: min, max_length: max } = input;
  if (typeof min === 'number' && typeof max === 'number' && min > max) {
    issues.push({
      path: [...path, 'min_length'],
      code: 'NUMBER_TYPE_MAX',
      message: 'min_length must not exceed max_length.',
    });
  }
  checkMax(issues, [...path, 'value'], input.value, CALLBACK_LIMITS.textInput);
  checkMax(issues, [...path, 'placeholder'], input.placeholder, CALLBACK_LIMITS.placeholder);
}

function checkField(issues: FieldIssue[], path: Path, field: Json, inRow: boolean) {
  checkBetween(issues, [...path, 'custom_id'], field.custom_id, 1, CALLBACK_LIMITS.modalCustomId);
  const allowed = inRow ? [4] : [3, 4, 5, 6, 7, 8, 19, 21, 22, 23];
  checkChoice(issues, [...path, 'type'], field.type, allowed);
  if (field.type === 4) checkTextInput(issues, path, field, inRow);
  if (field.type === 3) {
    const options = Array.isArray(field.options) ? field.options : [];
    checkCount(issues, [...path, 'options'], options, CALLBACK_LIMITS.selectOptions);
    options.forEach((raw, index) => {
      const option = asObject(raw);
      checkBetween(issues, [...path, 'options', index, 'label'], option.label, 1, 100);
      checkBetween(issues, [...path, 'options', index, 'value'], option.value, 1, 100);
    });
  }
  const maxValues = field.type === 19 ? CALLBACK_LIMITS.fileUploads : CALLBACK_LIMITS.selectValues;
  checkIntegerRange(issues, [...path, 'min_values'], field.min_values, 0, maxValues);
  checkIntegerRange(issues, [...path, 'max_values'], field.max_values, 1, maxValues);
}

/** Callback type 9: custom_id 1–100, title 1–45, 1–5 labels / action rows / text displays. */
export function validateModal(data: Json): FieldIssue[] {
  const issues: FieldIssue[] = [];
  checkBetween(issues, ['data', 'custom_id'], data.custom_id, 1, CALLBACK_LIMITS.modalCustomId);
  checkBetween(issues, ['data', 'title'], data.title, 1, CALLBACK_LIMITS.modalTitle);
  const components = Array.isArray(data.components) ? data.components.map(asObject) : [];
  if (components.length === 0) {
    issues.push({
      path: ['data', 'components'],
      code: 'BASE_TYPE_MIN_LENGTH',
      message: 'Must be 1 or more in length.',
    });
  }
  checkCount(issues, ['data', 'components'], components, CALLBACK_LIMITS.modalComponents);
  const customIds = new Set<unknown>();
  const field = (path: Path, raw: unknown, inRow: boolean) => {
    const component = asObject(raw);
    checkField(issues, path, component, inRow);
    if (customIds.has(component.custom_id)) {
      issues.push({
        path: [...path, 'custom_id'],
        code: 'COMPONENT_CUSTOM_ID_DUPLICATED',
        message: 'Component custom id cannot be duplicated',
      });
    }
    customIds.add(component.custom_id);
  };
  components.forEach((component, index) => {
    const path = ['data', 'components', index];
    checkChoice(issues, [...path, 'type'], component.type, [1, 10, 18]);
    if (component.type === 1) {
      const children = Array.isArray(component.components) ? component.components : [];
      checkCount(issues, [...path, 'components'], children, 1);
      children.forEach((child, childIndex) => {
        field([...path, 'components', childIndex], child, true);
      });
    } else if (component.type === 18) {
      checkBetween(issues, [...path, 'label'], component.label, 1, CALLBACK_LIMITS.label);
      checkMax(
        issues,
        [...path, 'description'],
        component.description,
        CALLBACK_LIMITS.labelDescription,
      );
      field([...path, 'component'], component.component, false);
    } else if (component.type === 10) {
      checkBetween(issues, [...path, 'content'], component.content, 1, CALLBACK_LIMITS.textDisplay);
    }
  });
  return issues;
}
