import {
  ACTIVITY_MAX,
  ACTIVITY_MIN,
  AGE_MAX,
  AGE_MIN,
  APPLICATION_FIELD_LABELS,
  type ApplicationField,
  LONG_TEXT_MAX,
  SCENARIO_MIN_LENGTH,
  SHORT_TEXT_MAX,
  WHY_CHOOSE_YOU_MIN_LENGTH,
} from '../../../../core/applications';
import { ACTIVITY_LEVEL_HINT } from '../../../../core/applications/applicant-terms';
import { CheckboxField, SliderField, TextAreaField, TextField } from './field-controls';

export type FormValues = Record<string, unknown>;
export type FieldErrors = Partial<Record<string, string>>;

const MIN_LENGTHS: Partial<Record<ApplicationField, number>> = {
  whyChooseYou: WHY_CHOOSE_YOU_MIN_LENGTH,
  scenarioOne: SCENARIO_MIN_LENGTH,
  scenarioTwo: SCENARIO_MIN_LENGTH,
  scenarioThree: SCENARIO_MIN_LENGTH,
  scenarioFour: SCENARIO_MIN_LENGTH,
};

// The scenario questions are shown as text under their label (a placeholder vanishes as soon
// as the applicant starts typing the answer to it).
const QUESTIONS: Partial<Record<ApplicationField, string>> = {
  scenarioOne: 'Two members start arguing in a public channel. What do you do?',
  scenarioTwo: 'A member keeps breaking a rule after a warning. What do you do?',
  scenarioThree: 'A customer says they paid but the order shows unpaid. What do you do?',
  scenarioFour: 'A member is being toxic towards others. What do you do?',
};

const PLACEHOLDERS: Partial<Record<ApplicationField, string>> = {
  otherServers: 'Servers you moderate or have moderated, if any',
};

/** One field of the application, as the control its value needs. */
export function ApplicationFieldControl({
  field,
  values,
  errors,
  onChange,
}: {
  field: ApplicationField;
  values: FormValues;
  errors: FieldErrors;
  onChange: (field: ApplicationField, value: unknown) => void;
}) {
  const common = {
    name: field,
    label: APPLICATION_FIELD_LABELS[field],
    error: errors[field],
  };
  switch (field) {
    case 'robloxUsername':
    case 'discordUsername':
      return (
        <TextField
          {...common}
          value={String(values[field] ?? '')}
          maxLength={SHORT_TEXT_MAX}
          onChange={(value) => onChange(field, value)}
        />
      );
    case 'age':
      return (
        <SliderField
          {...common}
          value={Number(values.age)}
          min={AGE_MIN}
          max={AGE_MAX}
          unit="years"
          onChange={(value) => onChange(field, value)}
        />
      );
    case 'activityLevel':
      return (
        <SliderField
          {...common}
          value={Number(values.activityLevel)}
          min={ACTIVITY_MIN}
          max={ACTIVITY_MAX}
          unit="conversations a week"
          hint={ACTIVITY_LEVEL_HINT}
          onChange={(value) => onChange(field, value)}
        />
      );
    case 'agreeTerms':
      return (
        <CheckboxField
          {...common}
          checked={values.agreeTerms === true}
          onChange={(checked) => onChange(field, checked)}
        />
      );
    default:
      return (
        <TextAreaField
          {...common}
          value={String(values[field] ?? '')}
          minLength={MIN_LENGTHS[field]}
          maxLength={LONG_TEXT_MAX}
          placeholder={PLACEHOLDERS[field]}
          question={QUESTIONS[field]}
          onChange={(value) => onChange(field, value)}
        />
      );
  }
}
