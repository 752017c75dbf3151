import { useEffect, useState } from 'react';
import { BLOG_HEADING } from '../../../core/content/blog';
import { AdminLogin } from '../components/blog/admin-login';
import {
  BLOG_POSTS_URL,
  type BlogPost,
  type BlogPostsResponse,
} from '../components/blog/blog-types';
import { PostEditor } from '../components/blog/post-editor';
import { PostList } from '../components/blog/post-list';
import { JoinTeamLine } from '../components/join-team-line';
import { fetchJson, useApi } from '../data/api-cache';

export default function BlogPage() {
  const posts = useApi<BlogPostsResponse>(BLOG_POSTS_URL);
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

  const listed = posts.status === 'ready' ? posts.data.posts : [];
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
      <JoinTeamLine className="mt-12 border-t border-line pt-6" />
    </main>
  );
}
