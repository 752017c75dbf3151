import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  APPLICATION_MESSAGES,
  APPLICATION_STEPS,
  type ApplicationField,
  type ApplicationStep,
  type ApplicationType,
  createEmptyApplication,
  validateApplicationStep,
} from '../../../../core/applications';
import { buttonClass } from '../ui/button';
import { Progress } from '../ui/progress';
import { useToast } from '../ui/toast';
import { ApplicationSubmitted } from './application-submitted';
import { fieldId } from './field-controls';
import { HoneypotField } from './honeypot-field';
import type { PortfolioImage } from './portfolio-images';
import { StepBody } from './step-body';
import type { FieldErrors, FormValues } from './step-fields';
import { StepIndicator } from './step-indicator';
import { submitApplication } from './submit-application';
import { clearApplicationDraft, type Draft, useApplicationDraft } from './use-application-draft';

const HEADINGS: Record<ApplicationType, { header: string; title: string }> = {
  moderator: { header: 'Join Our Moderation Team', title: 'Moderator Application' },
  designer: { header: 'Join Our Design Team', title: 'Designer Application' },
};

/** The spec's multi-step application form, shared by both routes. */
export function ApplicationForm({ type }: { type: ApplicationType }) {
  const steps: ApplicationStep<ApplicationField>[] = APPLICATION_STEPS[type];
  const lastStep = steps.length - 1;
  const [values, setValues] = useState<FormValues>(() => createEmptyApplication(type));
  const [step, setStep] = useState(0);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [images, setImages] = useState<PortfolioImage[]>([]);
  const [honeypot, setHoneypot] = useState('');
  const [uploadPercent, setUploadPercent] = useState<number | null>(null);
  // The reference the server answered with; set, the success screen replaces the form.
  const [reference, setReference] = useState<string | null>(null);
  const submitted = reference !== null;
  const [focusRequest, setFocusRequest] = useState<{ id: string } | null>(null);
  const stepHeadingId = `application-step-${type}`;
  const toast = useToast();

  const restore = useCallback(
    (draft: Draft) => {
      const empty = createEmptyApplication(type);
      // Only known answers of the right kind come back; the type always matches the page.
      const known = Object.fromEntries(
        Object.entries(draft.values).filter(
          ([key, value]) => key !== 'type' && key in empty && typeof value === typeof empty[key],
        ),
      );
      setValues({ ...empty, ...known });
      setStep(Math.min(Math.max(draft.step, 0), lastStep));
    },
    [type, lastStep],
  );
  const draft = useMemo(() => ({ values, step }), [values, step]);
  useApplicationDraft(type, submitted ? null : draft, restore);

  // The thumbnails' object URLs hold the files in memory until revoked: the images live
  // here (not in the picker) so they survive moving between steps.
  const imagesRef = useRef(images);
  imagesRef.current = images;
  useEffect(
    () => () => {
      for (const image of imagesRef.current) URL.revokeObjectURL(image.url);
    },
    [],
  );

  useEffect(() => {
    if (focusRequest) document.getElementById(focusRequest.id)?.focus();
  }, [focusRequest]);

  function change(field: ApplicationField, value: unknown) {
    const next = { ...values, [field]: value };
    setValues(next);
    // A field showing an error is checked again as it changes, so the error goes (or updates)
    // as soon as the answer is fixed, not at the next submit.
    if (!errors[field]) return;
    const stepIndex = steps.findIndex((s) => s.fields.includes(field));
    const result = validateApplicationStep(type, stepIndex, next);
    setErrors((current) => ({ ...current, [field]: result.ok ? undefined : result.errors[field] }));
  }

  /** Shows the errors and moves focus to the first invalid field, on its step. */
  function showErrors(fieldErrors: FieldErrors) {
    const stepWithError = steps.findIndex((s) =>
      s.fields.some((field: ApplicationField) => fieldErrors[field]),
    );
    const target = stepWithError === -1 ? step : stepWithError;
    const first = steps[target]?.fields.find((field: ApplicationField) => fieldErrors[field]);
    setErrors(fieldErrors);
    setStep(target);
    setFocusRequest({ id: first ? fieldId(first) : stepHeadingId });
  }

  function goTo(next: number) {
    setStep(next);
    setFocusRequest({ id: stepHeadingId });
  }

  async function submit() {
    for (let index = 0; index <= lastStep; index++) {
      const result = validateApplicationStep(type, index, values);
      if (!result.ok) return showErrors(result.errors);
    }
    setUploadPercent(0);
    const result = await submitApplication(
      values,
      images.map((image) => image.file),
      honeypot,
      setUploadPercent,
    );
    setUploadPercent(null);
    if (result.ok) {
      clearApplicationDraft(type);
      setReference(result.reference);
      return;
    }
    toast({ ...APPLICATION_MESSAGES.submitFailed, variant: 'destructive' });
    if (result.fieldErrors) showErrors(result.fieldErrors);
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (uploadPercent !== null) return;
    const result = validateApplicationStep(type, step, values);
    if (!result.ok) return showErrors(result.errors);
    setErrors({});
    // Enter in a field submits the form: before the last step that means "Next".
    if (step < lastStep) return goTo(step + 1);
    void submit();
  }

  const { header, title } = HEADINGS[type];
  const uploading = uploadPercent !== null;
  return (
    <main className="mx-auto max-w-3xl px-4 pt-28 pb-16">
      <h1 className="text-center text-3xl font-bold tracking-tight sm:text-4xl">{header}</h1>
      <section
        aria-labelledby="application-title"
        className="mt-8 rounded-2xl border border-line bg-panel p-5 shadow-xl sm:p-8"
      >
        <h2 id="application-title" className="text-2xl font-bold">
          {title}
        </h2>
        {reference !== null ? (
          <ApplicationSubmitted reference={reference} />
        ) : (
          <form
            noValidate
            onSubmit={handleSubmit}
            className="mt-6"
            aria-describedby="application-step-status"
          >
            <StepIndicator steps={steps} current={step} />
            <StepBody
              type={type}
              step={steps[step] ?? (steps[0] as ApplicationStep<ApplicationField>)}
              headingId={stepHeadingId}
              values={values}
              errors={errors}
              images={images}
              onChange={change}
              onImagesChange={setImages}
            />
            <HoneypotField value={honeypot} onChange={setHoneypot} />
            {uploading && (
              <div className="mt-6">
                <p id="application-upload-label" className="mb-2 text-sm text-muted">
                  Sending your application… {Math.round(uploadPercent)}%
                </p>
                <Progress value={uploadPercent} label="Upload progress" />
              </div>
            )}
            <div className="mt-8 flex items-center justify-between gap-3">
              <button
                type="button"
                className={buttonClass('secondary')}
                disabled={step === 0 || uploading}
                onClick={() => goTo(Math.max(0, step - 1))}
              >
                Previous
              </button>
              {step < lastStep ? (
                <button key="next" type="submit" className={buttonClass('primary')}>
                  Next
                </button>
              ) : (
                <button
                  key="submit"
                  type="submit"
                  className={buttonClass('primary')}
                  disabled={uploading}
                >
                  Submit Application
                </button>
              )}
            </div>
          </form>
        )}
      </section>
    </main>
  );
}
