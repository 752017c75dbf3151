import { useEffect, useState } from 'react';
import { BLOG_POSTS_URL, type BlogPost, type BlogPostsPage } from '../../../core/blog/schema';
import { BLOG_HEADING } from '../../../core/blog/seed-post';
import { AdminLogin } from '../components/blog/admin-login';
import { PostEditor } from '../components/blog/post-editor';
import { PostList } from '../components/blog/post-list';
import { fetchJson, useApi } from '../data/api-cache';

export default function BlogPage() {
  const posts = useApi<BlogPostsPage>(BLOG_POSTS_URL);
  const [admin, setAdmin] = useState(false);
  // Shown at once after saving, before the list reload answers.
  const [justSaved, setJustSaved] = useState<BlogPost[]>([]);

  // The session cookie is HttpOnly, so only the server can say whether we are signed in.
  useEffect(() => {
    let cancelled = false;
    fetchJson<{ admin: boolean }>('/api/blog/session').then(
      (state) => {
        if (!cancelled && state.admin) setAdmin(true);
      },
      () => {},
    );
    return () => {
      cancelled = true;
    };
  }, []);

  const listed = posts.status === 'ready' ? posts.data.items : [];
  const shown = [...justSaved.filter((post) => !listed.some((p) => p.id === post.id)), ...listed];

  return (
    <main className="mx-auto max-w-3xl px-4 pt-28 pb-16">
      <div className="mb-8 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-4xl font-bold tracking-tight">{BLOG_HEADING}</h1>
        {!admin && <AdminLogin onSignedIn={() => setAdmin(true)} />}
      </div>
      {admin && (
        <div className="mb-10">
          <PostEditor
            onSaved={(post) => {
              setJustSaved((current) => [post, ...current]);
              posts.reload();
            }}
          />
        </div>
      )}
      {posts.status === 'loading' && <p className="text-muted">Loading posts…</p>}
      {posts.status === 'error' && (
        <p role="alert" className="rounded-xl border border-red-400 bg-red-950 p-4">
          The posts could not be loaded: {posts.error.message}
        </p>
      )}
      {posts.status === 'ready' && <PostList posts={shown} />}
    </main>
  );
}
