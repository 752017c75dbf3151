import { Link } from 'react-router';

export default function NotFoundPage() {
  return (
    <main className="mx-auto flex min-h-[70vh] max-w-xl flex-col items-center justify-center px-4 pt-24 text-center">
      <p className="text-sm font-semibold tracking-widest text-lavender uppercase">404</p>
      <h1 className="mt-2 text-4xl font-bold">Page not found</h1>
      <p className="mt-4 text-muted">The page you were looking for does not exist or has moved.</p>
      <Link
        to="/"
        className="mt-8 rounded-lg bg-lavender px-5 py-2.5 font-semibold text-ink hover:bg-lavender-strong"
      >
        Back to home
      </Link>
    </main>
  );
}
