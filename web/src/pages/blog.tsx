import { BLOG_POSTS_URL } from '../../../core/blog/post-page';
import type { BlogPostsPage } from '../../../core/blog/schema';
import { BLOG_HEADING } from '../../../core/blog/seed-post';
import { AdminLogin, BLOG_SESSION_URL } from '../components/blog/admin-login';
import { BlogSignOut } from '../components/blog/post-admin';
import { PostEditor } from '../components/blog/post-editor';
import { PostList } from '../components/blog/post-list';
import { JoinTeamLine } from '../components/join-team-line';
import { ApiProblem } from '../components/ui/api-problem';
import { useSiteSettings } from '../data/site-settings';
import { useApi } from '../data/use-api';

export default function BlogPage() {
  const posts = useApi<BlogPostsPage>(BLOG_POSTS_URL);
  // The session cookie is HttpOnly, so only the server can say whether we are signed in.
  const session = useApi<{ admin: boolean }>(BLOG_SESSION_URL);
  const admin = session.data?.admin === true;
  // No 'Admin Login' where it could never work: the operator left passcode sign-in off.
  const { blogPasscodeSignIn } = useSiteSettings();

  return (
    <main className="mx-auto max-w-3xl px-4 pt-28 pb-16">
      <div className="mb-8 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-4xl font-bold tracking-tight">{BLOG_HEADING}</h1>
        {admin ? <BlogSignOut /> : blogPasscodeSignIn && <AdminLogin />}
      </div>
      {admin && (
        <div className="mb-10">
          <PostEditor />
        </div>
      )}
      <ApiProblem state={posts} loading="Loading posts…" failed="The posts could not be loaded" />
      {posts.status === 'ready' && <PostList posts={posts.data.items} />}
      <JoinTeamLine className="mt-12 border-t border-line pt-6" />
    </main>
  );
}
