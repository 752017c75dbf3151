export type BlogPost = { id: number; title: string; date: string; content: string };
export type BlogPostsResponse = { posts: BlogPost[]; nextCursor: string | null };
export const BLOG_POSTS_URL = '/api/blog/posts';
