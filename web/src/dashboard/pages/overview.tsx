// The dashboard's landing page; counts and charts arrive with the overview API.
export default function OverviewSection() {
  return (
    <section aria-labelledby="overview-title">
      <h1 id="overview-title" className="text-2xl font-bold">
        Overview
      </h1>
    </section>
  );
}
