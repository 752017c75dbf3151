// The dashboard's landing page; counts and charts arrive with the overview API.
export default function ApplicationsSection() {
  return (
    <section aria-labelledby="applications-title">
      <h1 id="applications-title" className="text-2xl font-bold">
        Applications
      </h1>
    </section>
  );
}
