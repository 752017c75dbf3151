import type {
  ApplicationField,
  ApplicationStep,
  ApplicationType,
} from '../../../../core/applications';
import { APPLICANT_TERMS } from '../../../../core/applications/applicant-terms';
import { type PortfolioImage, PortfolioImages } from './portfolio-images';
import { ApplicationFieldControl, type FieldErrors, type FormValues } from './step-fields';

/** The current step: its title, then its fields in the spec's order. */
export function StepBody({
  type,
  step,
  headingId,
  values,
  errors,
  images,
  onChange,
  onImagesChange,
}: {
  type: ApplicationType;
  step: ApplicationStep<ApplicationField>;
  headingId: string;
  values: FormValues;
  errors: FieldErrors;
  images: PortfolioImage[];
  onChange: (field: ApplicationField, value: unknown) => void;
  onImagesChange: (images: PortfolioImage[]) => void;
}) {
  return (
    <fieldset aria-labelledby={headingId} className="space-y-6">
      <h3 id={headingId} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
        {step.title}
      </h3>
      {step.fields.includes('agreeTerms') && (
        <ul className="list-disc space-y-2 rounded-xl border border-line bg-ink/60 p-4 pl-9 text-white/90">
          {APPLICANT_TERMS.map((term) => (
            <li key={term}>{term}</li>
          ))}
        </ul>
      )}
      {step.fields.map((field) => (
        <div key={`${type}-${field}`} className="space-y-6">
          <ApplicationFieldControl
            field={field}
            values={values}
            errors={errors}
            onChange={onChange}
          />
          {/* Spec order: style, tools, then the portfolio images, then process and challenges. */}
          {step.hasPortfolioImages && field === 'tools' && (
            <PortfolioImages images={images} onChange={onImagesChange} />
          )}
        </div>
      ))}
    </fieldset>
  );
}
