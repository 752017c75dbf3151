import { useState } from 'react';
import { useNavigate } from 'react-router';
import { BLOG_POSTS_URL, blogPostUrl } from '../../../../core/blog/post-page';
import type { BlogPost } from '../../../../core/blog/schema';
import { sendJson } from '../../data/post-json';
import { useInvalidate } from '../../data/use-api';
import { buttonClass } from '../ui/button';
import { useToast } from '../ui/toast';
import { BLOG_SESSION_URL } from './admin-login';
import { PostEditor } from './post-editor';

/**
 * An editor's tools on a post's page: Edit opens the editor in place; Delete asks once more
 * on the same button (no browser dialog), then removes the post and goes back to the blog.
 */
export function PostAdminTools({ post }: { post: BlogPost }) {
  const toast = useToast();
  const invalidate = useInvalidate();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  async function remove() {
    if (!confirming) {
      setConfirming(true);
      return;
    }
    setBusy(true);
    const result = await sendJson<null>('DELETE', blogPostUrl(post.id));
    setBusy(false);
    if (!result.ok) {
      toast({ title: 'Post not deleted', description: result.message, variant: 'destructive' });
      return;
    }
    toast({ title: 'Post deleted', description: `“${post.title}” is gone.` });
    await navigate('/blog');
    await invalidate(BLOG_POSTS_URL);
  }

  if (editing) return <PostEditor post={post} onDone={() => setEditing(false)} />;
  return (
    <div className="flex flex-wrap gap-3">
      <button
        type="button"
        className={buttonClass('secondary', 'sm')}
        onClick={() => setEditing(true)}
      >
        Edit post
      </button>
      <button
        type="button"
        disabled={busy}
        className={buttonClass('secondary', 'sm')}
        onClick={remove}
      >
        {confirming ? 'Really delete this post?' : 'Delete post'}
      </button>
      {confirming && (
        <button
          type="button"
          className={buttonClass('ghost', 'sm')}
          onClick={() => setConfirming(false)}
        >
          Keep it
        </button>
      )}
    </div>
  );
}

/** Ends the passcode session. A lead signed in as staff keeps editing (the server says so). */
export function BlogSignOut() {
  const toast = useToast();
  const invalidate = useInvalidate();
  async function signOut() {
    const result = await sendJson<{ admin: boolean }>('DELETE', BLOG_SESSION_URL);
    await invalidate(BLOG_SESSION_URL);
    if (!result.ok) {
      toast({ title: 'Not signed out', description: result.message, variant: 'destructive' });
    } else if (result.data.admin) {
      toast({
        title: 'Still signed in as staff',
        description: 'Your staff account may edit the blog; sign out of it to stop.',
      });
    } else {
      toast({ title: 'Signed out', description: 'Blog editing is closed on this browser.' });
    }
  }
  return (
    <button type="button" className={buttonClass('secondary')} onClick={signOut}>
      Sign out
    </button>
  );
}
