import { type FormEvent, useId, useState } from 'react';
import { BLOG_CONTENT_MAX, BLOG_TITLE_MAX } from '../../../../core/blog/schema';
import { sendJson } from '../../data/post-json';
import { useInvalidate } from '../../data/use-api';
import { buttonClass } from '../ui/button';
import { TextField } from '../ui/field';
import { useToast } from '../ui/toast';
import { BLOG_POSTS_URL, type BlogPost } from './blog-types';

/**
 * Title, Content, 'Save Post'. Fields are cleared only once the server has stored the post;
 * the list is then fetched again, so it shows what the server has, others' posts included.
 */
export function PostEditor() {
  const toast = useToast();
  const invalidate = useInvalidate();
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const id = useId();

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await sendJson<BlogPost>('POST', BLOG_POSTS_URL, { title, content });
    if (result.ok) {
      setTitle('');
      setContent('');
      setErrors({});
      await invalidate(BLOG_POSTS_URL);
      setBusy(false);
      toast({ title: 'Post saved', description: 'Your blog post has been saved successfully.' });
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
        New post
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
      <button type="submit" disabled={busy} className={buttonClass('primary')}>
        Save Post
      </button>
    </form>
  );
}
