// Posts are edited where readers see them: a lead's or executive's staff session holds the
// `blog:edit` right (core/auth/rights.ts), so the public blog shows them its editor. One
// editor, not a second copy in the dashboard.
export default function BlogSection() {
  return (
    <section aria-labelledby="blog-title" className="space-y-2">
      <h1 id="blog-title" className="text-2xl font-bold">
        Blog
      </h1>
      <p>
        Signed in as a lead or executive, you write, edit and delete posts on the blog itself: it
        shows “New post” and each post’s Edit and Delete buttons to you.
      </p>
      <a className="underline" href="/blog">
        Open the blog editor
      </a>
    </section>
  );
}
