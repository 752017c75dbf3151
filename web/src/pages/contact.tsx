// Placeholder until the page's own issue lands.
export default function ContactPage() {
  return (
    <main className="mx-auto max-w-5xl px-4 pt-28 pb-16">
      <h1 className="text-3xl font-bold">Contact</h1>
    </main>
  );
}
