import { type ReactNode, useState } from 'react';
import { buttonClass } from '../../components/ui/button';
import { sendJson } from '../../data/post-json';

/**
 * A Site content remove button: asks first (`question`), sends DELETE to `url`, and shows the
 * server's refusal beside it; `onDeleted` runs after the server removed it.
 */
export function DeleteButton({
  url,
  question,
  onDeleted,
  errorClassName,
  children,
}: {
  url: string;
  question: string;
  onDeleted: () => Promise<unknown>;
  errorClassName: string;
  /** The button's words, with an sr-only part naming what it removes. */
  children: ReactNode;
}) {
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        className={buttonClass('ghost', 'sm')}
        onClick={async () => {
          if (!window.confirm(question)) return;
          const result = await sendJson('DELETE', url);
          if (result.ok) await onDeleted();
          else setError(result.message);
        }}
      >
        {children}
      </button>
      {error && (
        <span role="alert" className={errorClassName}>
          {error}
        </span>
      )}
    </>
  );
}
