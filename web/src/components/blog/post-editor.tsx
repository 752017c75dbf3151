import { type FormEvent, useId, useState } from 'react';
import { BLOG_CONTENT_MAX, BLOG_TITLE_MAX } from '../../../../core/blog/limits';
import { BLOG_POSTS_URL, blogPostUrl } from '../../../../core/blog/post-page';
import type { BlogPost } from '../../../../core/blog/schema';
import { sendJson } from '../../data/post-json';
import { useInvalidate } from '../../data/use-api';
import { buttonClass } from '../ui/button';
import { TextField } from '../ui/field';
import { useToast } from '../ui/toast';

/**
 * Title, Content, 'Save Post'. Fields are cleared only once the server has stored the post;
 * the list is then fetched again, so it shows what the server has, others' posts included.
 * Given a `post`, it edits that post instead (its address stays) and calls `onDone` after.
 */
export function PostEditor({ post, onDone }: { post?: BlogPost; onDone?: () => void } = {}) {
  const toast = useToast();
  const invalidate = useInvalidate();
  const [title, setTitle] = useState(post?.title ?? '');
  const [content, setContent] = useState(post?.content ?? '');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const id = useId();

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = post
      ? await sendJson<BlogPost>('PUT', blogPostUrl(post.id), { title, content })
      : await sendJson<BlogPost>('POST', BLOG_POSTS_URL, { title, content });
    if (result.ok) {
      if (!post) {
        setTitle('');
        setContent('');
      }
      setErrors({});
      await invalidate(BLOG_POSTS_URL);
      setBusy(false);
      toast({ title: 'Post saved', description: 'Your blog post has been saved successfully.' });
      onDone?.();
      return;
    }
    setBusy(false);
    setErrors(result.fieldErrors);
    toast({ title: 'Post not saved', description: result.message, variant: 'destructive' });
  }

  return (
    <form
      onSubmit={save}
      aria-labelledby={`${id}-heading`}
      className="space-y-4 rounded-2xl border border-lavender/40 bg-panel p-6"
    >
      <h2 id={`${id}-heading`} className="text-xl font-bold">
        {post ? 'Edit post' : 'New post'}
      </h2>
      <TextField
        id={`${id}-title`}
        label="Title"
        required
        maxLength={BLOG_TITLE_MAX}
        value={title}
        onValueChange={setTitle}
        error={errors.title}
      />
      <TextField
        id={`${id}-content`}
        label="Content"
        rows={8}
        required
        maxLength={BLOG_CONTENT_MAX}
        value={content}
        onValueChange={setContent}
        hint="Plain text; leave an empty line between paragraphs."
        error={errors.content}
      />
      <div className="flex flex-wrap gap-3">
        <button type="submit" disabled={busy} className={buttonClass('primary')}>
          Save Post
        </button>
        {onDone && (
          <button type="button" onClick={onDone} className={buttonClass('secondary')}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
