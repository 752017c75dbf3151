import type { PortfolioResponse } from '../../../../core/portfolio/schema';
import { ContentIcon } from './content-icon';

function SectionTitle({ id, children }: { id: string; children: string }) {
  return (
    <h2 id={id} className="mb-5 text-2xl font-bold">
      {children}
    </h2>
  );
}

export function ExpertiseGrid({ items }: { items: PortfolioResponse['expertise'] }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="expertise">
      <SectionTitle id="expertise">Expertise</SectionTitle>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {items.map((item) => (
          <li key={item.title} className="rounded-xl border border-line bg-panel p-5">
            <ContentIcon name={item.icon} className="size-7 text-lavender" />
            <h3 className="mt-3 font-semibold">{item.title}</h3>
            <p className="mt-1 text-sm text-muted">{item.description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ProjectCards({ projects }: { projects: PortfolioResponse['projects'] }) {
  if (projects.length === 0) return null;
  return (
    <section aria-labelledby="projects">
      <SectionTitle id="projects">Projects</SectionTitle>
      <ul className="grid gap-4 md:grid-cols-2">
        {projects.map((project) => (
          <li
            key={project.title}
            className="flex flex-col rounded-xl border border-line bg-panel p-5"
          >
            <div className="flex items-start gap-3">
              <ContentIcon name={project.icon} className="size-7 shrink-0 text-lavender" />
              <div className="min-w-0">
                <h3 className="font-semibold">{project.title}</h3>
                <span className="mt-1 inline-block rounded-full bg-lavender/15 px-2.5 py-0.5 text-xs font-medium text-lavender-strong">
                  {project.tag}
                </span>
              </div>
            </div>
            <p className="mt-3 text-sm text-muted">{project.description}</p>
            {project.images && project.images.length > 0 && (
              <ul aria-label={`${project.title} images`} className="mt-4 grid grid-cols-2 gap-2">
                {project.images.map((src, index) => (
                  <li key={src}>
                    <img
                      src={src}
                      alt={`${project.title}, ${index + 1} of ${project.images?.length}`}
                      loading="lazy"
                      width={400}
                      height={300}
                      className="aspect-[4/3] w-full rounded-lg bg-ink object-cover"
                    />
                  </li>
                ))}
              </ul>
            )}
            {project.stats && project.stats.length > 0 && (
              <dl className="mt-4 grid grid-cols-3 gap-2">
                {project.stats.map((stat) => (
                  <div key={stat.label} className="rounded-lg bg-ink px-2 py-2 text-center">
                    <dt className="text-xs text-muted">{stat.label}</dt>
                    <dd className="font-bold text-lavender-strong">{stat.value}</dd>
                  </div>
                ))}
              </dl>
            )}
            {project.link && (
              <a
                href={project.link}
                className="mt-4 self-start text-sm font-semibold text-lavender-strong underline-offset-4 hover:underline"
              >
                View project<span className="sr-only">: {project.title}</span>
              </a>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function Testimonials({ items }: { items: PortfolioResponse['testimonials'] }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="testimonials">
      <SectionTitle id="testimonials">Testimonials</SectionTitle>
      <ul className="grid gap-4 md:grid-cols-3">
        {items.map((item) => (
          <li key={item.name} className="rounded-xl border border-line bg-panel p-5">
            <figure>
              <blockquote className="text-sm leading-relaxed">“{item.content}”</blockquote>
              <figcaption className="mt-4 text-sm">
                <span className="font-semibold">{item.name}</span>
                <span className="block text-muted">{item.role}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
