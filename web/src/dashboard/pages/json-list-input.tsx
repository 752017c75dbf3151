// A list edited as JSON (the home page's blocks, a portfolio's expertise or testimonials): the
// textarea, and under it why the server refused it, each bad field by its path.

/** The form around it: saving, and the last refusal's message and field errors. */
export type JsonListState = {
  busy: boolean;
  message?: string;
  errors: [string, string][];
  saved?: boolean;
};

/** The textarea (form field `value`, labelled by the caller's label for `id`) and its errors. */
export function JsonListInput({
  id,
  rows,
  value,
  state,
}: {
  id: string;
  rows: number;
  value: unknown;
  state: JsonListState;
}) {
  const errorId = `${id}-errors`;
  return (
    <>
      <textarea
        id={id}
        name="value"
        rows={rows}
        spellCheck={false}
        defaultValue={JSON.stringify(value, null, 2)}
        aria-invalid={state.message ? true : undefined}
        aria-describedby={state.message ? errorId : undefined}
        className="block w-full rounded-md border border-line bg-panel/60 p-2 font-mono text-xs"
      />
      {state.message && (
        <div
          id={errorId}
          role="alert"
          className="rounded-lg border border-red-400 bg-red-950 p-3 text-sm"
        >
          <p>{state.message}</p>
          {state.errors.length > 0 && (
            <ul className="mt-1 list-disc pl-5">
              {state.errors.map(([path, problem]) => (
                <li key={path}>
                  {/* '_' is the whole value (core/shared/field-errors.ts). */}
                  <code>{path === '_' ? '(list)' : path}</code>: {problem}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </>
  );
}
