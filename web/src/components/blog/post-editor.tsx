import { type FormEvent, useId, useState } from 'react';
import type { BlogPost } from '../../../../core/blog/schema';
import { BLOG_CONTENT_MAX, BLOG_TITLE_MAX } from '../../../../core/blog/schema';
import { sendJson } from '../../data/post-json';
import { buttonClass } from '../ui/button';
import { useToast } from '../ui/toast';

const INPUT =
  'w-full rounded-lg border border-white/25 bg-ink px-3 py-2 text-white placeholder:text-muted focus:border-lavender';

/** Title, Content, 'Save Post'. Fields are cleared only once the server has stored the post. */
export function PostEditor({ onSaved }: { onSaved: (post: BlogPost) => void }) {
  const toast = useToast();
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const id = useId();

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await sendJson<BlogPost>('POST', '/api/blog/posts', { title, content });
    setBusy(false);
    if (result.ok) {
      setTitle('');
      setContent('');
      setErrors({});
      toast({ title: 'Post saved', description: 'Your blog post has been saved successfully.' });
      onSaved(result.data);
      return;
    }
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
      <div>
        <label htmlFor={`${id}-title`} className="mb-1 block text-sm font-medium">
          Title
        </label>
        <input
          id={`${id}-title`}
          required
          maxLength={BLOG_TITLE_MAX}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={errors.title ? `${id}-title-error` : undefined}
          className={INPUT}
        />
        {errors.title && (
          <p id={`${id}-title-error`} className="mt-1 text-sm text-red-300">
            {errors.title}
          </p>
        )}
      </div>
      <div>
        <label htmlFor={`${id}-content`} className="mb-1 block text-sm font-medium">
          Content
        </label>
        <textarea
          id={`${id}-content`}
          required
          rows={8}
          maxLength={BLOG_CONTENT_MAX}
          value={content}
          onChange={(event) => setContent(event.target.value)}
          aria-invalid={errors.content ? true : undefined}
          aria-describedby={`${id}-content-hint${errors.content ? ` ${id}-content-error` : ''}`}
          className={INPUT}
        />
        <p id={`${id}-content-hint`} className="mt-1 text-xs text-muted">
          Plain text; leave an empty line between paragraphs.
        </p>
        {errors.content && (
          <p id={`${id}-content-error`} className="mt-1 text-sm text-red-300">
            {errors.content}
          </p>
        )}
      </div>
      <button type="submit" disabled={busy} className={buttonClass('primary')}>
        Save Post
      </button>
    </form>
  );
}
