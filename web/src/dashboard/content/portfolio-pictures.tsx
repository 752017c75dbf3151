import { type FormEvent, useState } from 'react';
import type { PortfolioWithImages } from '../../../../core/portfolio/schema';
import { buttonClass } from '../../components/ui/button';
import { SendFailed, useStaffMutation } from '../query';
import { FormMessage } from './content-field';
import { PORTFOLIO_WRITES_INVALIDATE, portfolioEndpoint } from './portfolio-api';

// A portfolio's avatar and banner. Without its own, the page shows its designer's team card
// pictures (same username), else a generated avatar and a stock banner. Uploaded as team cards'
// are (checked by content, under 5 MB); "Use the team card's" drops the portfolio's own.

type Kind = 'avatar' | 'banner';
const LABELS: Record<Kind, string> = { avatar: 'Avatar', banner: 'Banner' };
const ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

export function PortfolioPictures({ portfolio }: { portfolio: PortfolioWithImages }) {
  return (
    <section aria-labelledby="portfolio-pictures-title" className="max-w-2xl space-y-3">
      <h3 id="portfolio-pictures-title" className="text-lg font-bold">
        Pictures
      </h3>
      <p className="text-sm text-muted">
        Without pictures of its own, the page shows the team card’s of @{portfolio.username}, or a
        generated avatar and a stock banner.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <PictureForm portfolio={portfolio} kind="avatar" current={portfolio.avatarUrl} />
        <PictureForm portfolio={portfolio} kind="banner" current={portfolio.bannerUrl} />
      </div>
    </section>
  );
}

function PictureForm({
  portfolio,
  kind,
  current,
}: {
  portfolio: PortfolioWithImages;
  kind: Kind;
  current: string | null;
}) {
  const url = `${portfolioEndpoint(portfolio.username)}/picture/${kind}`;
  const upload = useStaffMutation<File>((file) => {
    const body = new FormData();
    body.append('image', file);
    return { method: 'POST', url, body };
  }, PORTFOLIO_WRITES_INVALIDATE);
  const reset = useStaffMutation(() => ({ method: 'DELETE', url }), PORTFOLIO_WRITES_INVALIDATE);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const inputId = `portfolio-${kind}-file`;

  async function run(write: () => Promise<unknown>, said: string) {
    setProblem(null);
    setDone(null);
    try {
      await write();
      setDone(said);
    } catch (failure) {
      setProblem(failure instanceof SendFailed ? failure.message : 'The upload failed.');
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = new FormData(event.currentTarget).get('image');
    if (!(file instanceof File) || file.size === 0) {
      setProblem(`Choose a picture for the ${kind} first.`);
      return;
    }
    void run(
      () => upload.mutateAsync(file),
      `${LABELS[kind]} saved: the public page shows it now.`,
    );
  }

  const busy = upload.isPending || reset.isPending;
  return (
    <form onSubmit={submit} noValidate aria-label={LABELS[kind]} className="space-y-2">
      {current ? (
        <img
          src={current}
          alt={`Current ${kind}`}
          className={kind === 'avatar' ? 'size-20 rounded-full' : 'h-20 w-full object-cover'}
        />
      ) : (
        <p className="text-sm text-muted">
          Generated {kind === 'avatar' ? 'avatar' : 'stock banner'}.
        </p>
      )}
      <label htmlFor={inputId} className="block text-sm font-medium">
        New {kind} (PNG, JPEG, WebP or GIF, under 5 MB)
      </label>
      <input
        id={inputId}
        type="file"
        name="image"
        accept={ACCEPT}
        className="block max-w-full text-sm"
      />
      <FormMessage message={problem} />
      {done && (
        <p role="status" className="text-sm text-muted">
          {done}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={busy} className={buttonClass('primary', 'sm')}>
          {upload.isPending ? 'Uploading…' : `Upload ${kind}`}
        </button>
        <button
          type="button"
          disabled={busy}
          className={buttonClass('ghost', 'sm')}
          onClick={() =>
            void run(
              () => reset.mutateAsync(),
              `${LABELS[kind]}: the team card’s (or generated) now.`,
            )
          }
        >
          Use the team card’s {kind}
        </button>
      </div>
    </form>
  );
}
