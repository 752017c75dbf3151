import { useSiteSettings } from '../data/site-settings';

export default function HomePage() {
  const { discordInviteUrl } = useSiteSettings();
  return (
    <main>
      <section className="relative overflow-hidden px-4 pt-32 pb-20 text-center">
        <h1 className="mx-auto max-w-3xl text-4xl font-extrabold tracking-tight sm:text-6xl">
          Designs that make your community <span className="text-lavender">stand out</span>
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-muted">
          Discord server setups, logos, liveries, uniforms and custom bots for Roblox and ERLC
          communities.
        </p>
        <div className="mt-10 flex flex-wrap justify-center gap-4">
          <a
            href={discordInviteUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="rounded-lg bg-lavender px-6 py-3 font-semibold text-ink hover:bg-lavender-strong"
          >
            Join Our Discord
          </a>
          <a
            href="#team"
            className="rounded-lg border border-line px-6 py-3 font-semibold hover:border-lavender"
          >
            View Our Work
          </a>
        </div>
      </section>
    </main>
  );
}
