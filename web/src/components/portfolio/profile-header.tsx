import { Link } from 'react-router';
import type { PortfolioResponse } from '../../../../core/portfolio/schema';
import { Icon } from '../icon';
import { buttonClass } from '../ui/button';

// The designer's own pictures (the portfolio's, else the team card's); without them a generated
// avatar and a stock banner, stable per profile so the preview does not change between visits.
function bannerFor(username: string): string {
  let sum = 0;
  for (const char of username) sum = (sum * 31 + (char.codePointAt(0) ?? 0)) % 9973;
  return `/banners/${(sum % 9) + 1}.svg`;
}

export function ProfileHeader({ profile }: { profile: PortfolioResponse }) {
  return (
    <header className="overflow-hidden rounded-2xl border border-line bg-panel">
      {/* width/height reserve the space before the image loads (no layout shift); the
          banner is the page's largest paint, so it is fetched first. */}
      <img
        src={profile.bannerUrl ?? bannerFor(profile.username)}
        alt=""
        width={1200}
        height={300}
        fetchPriority="high"
        className="h-32 w-full object-cover sm:h-48"
      />
      <div className="flex flex-col gap-4 px-5 pb-6 sm:flex-row sm:items-end sm:px-8">
        <img
          src={profile.avatarUrl ?? `/avatars/${encodeURIComponent(profile.username)}.svg`}
          alt={`${profile.name}'s avatar`}
          width={112}
          height={112}
          className="-mt-14 size-28 rounded-full border-4 border-panel bg-ink"
        />
        <div>
          <h1 className="text-3xl font-bold sm:text-4xl">{profile.name}</h1>
          <p className="mt-1 font-semibold text-lavender-strong">{profile.title}</p>
          <p className="mt-1 text-muted">{profile.subtitle}</p>
        </div>
      </div>
    </header>
  );
}

export function AboutMe({ profile }: { profile: PortfolioResponse }) {
  const contact = profile.contactUrl ?? '/contact';
  return (
    <section
      aria-labelledby="about-me"
      className="rounded-2xl border border-line bg-panel p-6 sm:p-8"
    >
      <h2 id="about-me" className="text-2xl font-bold">
        About Me
      </h2>
      <p className="mt-4 leading-relaxed">{profile.about.mainText}</p>
      <p className="mt-3 leading-relaxed text-muted">{profile.about.secondaryText}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        {profile.githubUrl && (
          <a
            href={profile.githubUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass('secondary')}
          >
            <Icon name="code" />
            GitHub
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        )}
        {contact.startsWith('/') ? (
          <Link to={contact} className={buttonClass('primary')}>
            <Icon name="message" />
            Contact
          </Link>
        ) : (
          <a href={contact} className={buttonClass('primary')}>
            <Icon name="message" />
            Contact
          </a>
        )}
      </div>
    </section>
  );
}
