// A section registered in sections.ts whose page is not built yet.
export default function PlaceholderSection() {
  return (
    <section aria-labelledby="placeholder-title">
      <h1 id="placeholder-title" className="text-2xl font-bold">
        Coming soon
      </h1>
      <p className="mt-2 text-muted">This part of the dashboard is not built yet.</p>
    </section>
  );
}
