import { Fragment } from 'react';
import { Link } from 'react-router';
import { blogPostPath } from '../../../../core/blog/post-page';
import type { BlogPost } from '../../../../core/blog/schema';
import { formatLongDate } from '../../../../core/shared/long-date';

export function FormattedDate({ date, className }: { date: string; className?: string }) {
  return (
    <time dateTime={date} className={className}>
      {formatLongDate(date)}
    </time>
  );
}

/**
 * Post text as React text nodes: blank lines make paragraphs, single line breaks stay.
 * Nothing is ever parsed as HTML, so markup in a post shows as typed and no script runs.
 */
export function PostContent({ content }: { content: string }) {
  const paragraphs = content.split(/\n\s*\n/).filter((paragraph) => paragraph.trim() !== '');
  return (
    <div className="space-y-4 leading-relaxed text-white/90">
      {paragraphs.map((paragraph, index) => (
        // Paragraphs have no identity of their own; their order is stable for a given post.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <p key={index} className="break-words">
          {paragraph.split('\n').map((line, lineIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines of one paragraph, fixed order
            <Fragment key={lineIndex}>
              {lineIndex > 0 && <br />}
              {line}
            </Fragment>
          ))}
        </p>
      ))}
    </div>
  );
}

export function PostList({ posts }: { posts: BlogPost[] }) {
  if (posts.length === 0) {
    return <p className="text-muted">No posts yet.</p>;
  }
  return (
    <ol className="space-y-6" aria-label="Posts, newest first">
      {posts.map((post) => (
        <li key={post.id}>
          <article
            aria-labelledby={`post-${post.id}`}
            className="rounded-2xl border border-line bg-panel p-6 sm:p-8"
          >
            <h2 id={`post-${post.id}`} className="text-2xl font-bold break-words">
              <Link to={blogPostPath(post.slug)} className="hover:text-lavender hover:underline">
                {post.title}
              </Link>
            </h2>
            <FormattedDate date={post.date} className="mt-1 block text-sm text-muted" />
            <div className="mt-4">
              <PostContent content={post.content} />
            </div>
          </article>
        </li>
      ))}
    </ol>
  );
}
