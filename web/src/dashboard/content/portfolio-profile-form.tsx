import type { FormEvent } from 'react';
import type { Portfolio, PortfolioProfileEdit } from '../../../../core/portfolio/schema';
import { buttonClass } from '../../components/ui/button';
import { Fields, FormMessage } from './content-field';
import { useSavePortfolioPart } from './portfolio-api';

// A portfolio's profile: what the public page's header and About Me show. Field names are the
// schema's paths, so the errors (the browser's check or the server's) land next to their fields.

function profileOf(portfolio: Portfolio): PortfolioProfileEdit {
  const { name, title, subtitle, about, githubUrl, contactUrl } = portfolio;
  return { name, title, subtitle, about, githubUrl, contactUrl };
}

/** The profile as typed; an empty link means none. */
export function readProfileForm(form: FormData): PortfolioProfileEdit {
  const text = (key: string) => String(form.get(key) ?? '');
  const link = (key: string) => text(key).trim() || null;
  return {
    name: text('name'),
    title: text('title'),
    subtitle: text('subtitle'),
    about: { mainText: text('about.mainText'), secondaryText: text('about.secondaryText') },
    githubUrl: link('githubUrl'),
    contactUrl: link('contactUrl'),
  };
}

export function ProfileFields({
  profile,
  fieldErrors,
}: {
  profile?: PortfolioProfileEdit;
  fieldErrors: Record<string, string>;
}) {
  return (
    <Fields
      fieldErrors={fieldErrors}
      rows={[
        { name: 'name', label: 'Name', value: profile?.name },
        { name: 'title', label: 'Title', value: profile?.title },
        { name: 'subtitle', label: 'Subtitle', value: profile?.subtitle },
        { name: 'about.mainText', label: 'About me', value: profile?.about.mainText, rows: 3 },
        {
          name: 'about.secondaryText',
          label: 'More about me',
          value: profile?.about.secondaryText,
          rows: 3,
        },
        { name: 'githubUrl', label: 'GitHub link (optional)', value: profile?.githubUrl },
        {
          name: 'contactUrl',
          label: 'Contact link (optional, e.g. /contact)',
          value: profile?.contactUrl,
        },
      ]}
    />
  );
}

export function ProfileForm({ portfolio }: { portfolio: Portfolio }) {
  const profile = useSavePortfolioPart(portfolio.username, 'profile');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    profile.submit(readProfileForm(new FormData(event.currentTarget)));
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="portfolio-profile-title"
      className="max-w-2xl space-y-3"
    >
      <h3 id="portfolio-profile-title" className="text-lg font-bold">
        Profile
      </h3>
      <ProfileFields profile={profileOf(portfolio)} fieldErrors={profile.problems.fieldErrors} />
      <FormMessage message={profile.problems.message} />
      {profile.save.isSuccess && (
        <p role="status" className="text-sm text-muted">
          Profile saved: the public page shows it now.
        </p>
      )}
      <button
        type="submit"
        disabled={profile.save.isPending}
        className={buttonClass('primary', 'sm')}
      >
        {profile.save.isPending ? 'Saving…' : 'Save profile'}
      </button>
    </form>
  );
}
