import type { ApplicationField, ApplicationStep } from '../../../../core/applications';

/** "Step 2 of 5", a bar, and the numbered steps with the current one marked. */
export function StepIndicator({
  steps,
  current,
}: {
  steps: ApplicationStep<ApplicationField>[];
  current: number;
}) {
  const percent = ((current + 1) / steps.length) * 100;
  return (
    <nav aria-label="Application steps" className="mb-6">
      <p id="application-step-status" className="text-sm font-medium text-lavender">
        Step {current + 1} of {steps.length}
      </p>
      <div className="mt-2 h-1.5 w-full overflow-hidden rounded-full bg-line" aria-hidden="true">
        <div
          className="h-full rounded-full bg-lavender transition-[width]"
          style={{ width: `${percent}%` }}
        />
      </div>
      {/* One row on a desktop (the five moderator titles fit the form's width at 13 px); it
          wraps only on narrow screens, where the titles are hidden anyway. */}
      <ol className="mt-3 flex flex-wrap justify-between gap-x-3 gap-y-2 text-[0.8125rem]">
        {steps.map((step, index) => {
          const state = index === current ? 'current' : index < current ? 'done' : 'todo';
          return (
            <li
              key={step.title}
              aria-current={state === 'current' ? 'step' : undefined}
              className={`flex items-center gap-1.5 whitespace-nowrap ${state === 'current' ? 'text-white' : 'text-muted'}`}
            >
              <span
                className={`flex size-5 shrink-0 items-center justify-center rounded-full border text-xs font-semibold ${
                  state === 'todo' ? 'border-line' : 'border-lavender bg-lavender text-ink'
                }`}
                aria-hidden="true"
              >
                {index + 1}
              </span>
              <span className="sr-only sm:not-sr-only">{step.title}</span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
