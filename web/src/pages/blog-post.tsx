import { Link, useParams } from 'react-router';
import { blogPostBySlugUrl } from '../../../core/blog/post-page';
import type { BlogPostsPage } from '../../../core/blog/schema';
import { BLOG_SESSION_URL } from '../components/blog/admin-login';
import { BlogSignOut, PostAdminTools } from '../components/blog/post-admin';
import { FormattedDate, PostContent } from '../components/blog/post-list';
import { JoinTeamLine } from '../components/join-team-line';
import { ApiProblem } from '../components/ui/api-problem';
import { useApi } from '../data/use-api';
import NotFoundPage from './not-found';

/** One post at /blog/<slug>; an unknown slug shows the 404 text (the server sends 404). */
export default function BlogPostPage() {
  const { slug = '' } = useParams();
  const state = useApi<BlogPostsPage>(blogPostBySlugUrl(slug));
  const session = useApi<{ admin: boolean }>(BLOG_SESSION_URL);
  const admin = session.data?.admin === true;
  const post = state.data?.items[0];

  if (state.status === 'ready' && !post) return <NotFoundPage />;
  return (
    <main className="mx-auto max-w-3xl px-4 pt-28 pb-16">
      <p className="mb-6">
        <Link to="/blog" className="text-sm font-semibold text-lavender hover:underline">
          ← All posts
        </Link>
      </p>
      <ApiProblem state={state} loading="Loading post…" failed="The post could not be loaded" />
      {post && (
        <article aria-labelledby="post-title">
          <h1 id="post-title" className="text-4xl font-bold tracking-tight break-words">
            {post.title}
          </h1>
          <FormattedDate date={post.date} className="mt-2 block text-sm text-muted" />
          {admin && (
            <div className="mt-6 flex flex-col gap-4">
              <PostAdminTools key={post.id} post={post} />
              <div>
                <BlogSignOut />
              </div>
            </div>
          )}
          <div className="mt-8">
            <PostContent content={post.content} />
          </div>
        </article>
      )}
      <JoinTeamLine className="mt-12 border-t border-line pt-6" />
    </main>
  );
}
