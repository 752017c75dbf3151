// The blog's length limits, apart from the zod schemas (schema.ts) that enforce them: the
// browser's blog page sizes its fields with these without loading zod or building schemas.

export const BLOG_TITLE_MAX = 200;
export const BLOG_CONTENT_MAX = 20000;
export const BLOG_PASSCODE_MAX = 200;
