import type { ReactNode } from 'react';

/** A titled section of the home page; `id` is its anchor (#services, #pricing, #team). */
export function HomeSection({
  id,
  title,
  lead,
  children,
}: {
  id: string;
  title: string;
  lead?: string;
  children: ReactNode;
}) {
  const titleId = `${id}-title`;
  return (
    <section id={id} aria-labelledby={titleId} className="mx-auto max-w-6xl px-4 py-20">
      <div className="mx-auto mb-10 max-w-2xl text-center">
        <h2 id={titleId} className="text-3xl font-bold tracking-tight sm:text-4xl">
          {title}
        </h2>
        {lead && <p className="mt-3 text-muted">{lead}</p>}
      </div>
      {children}
    </section>
  );
}
