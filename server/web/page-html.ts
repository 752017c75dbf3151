import type { PageHead } from '../../core/site/routes';
import { PAGE_PRELOADS_SLOT } from './web-build';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

// JSON inside <script> must not be able to close the tag or open a comment.
const escapeJsonForScript = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

type PageParts = {
  head: PageHead;
  canonicalUrl: string;
  /** Open Graph type: 'article' for a blog post, else 'website'. */
  ogType: 'website' | 'article';
  /** The share card (1200×630), absolute: link previews do not resolve relative URLs. */
  imageUrl: string;
  body: string;
  state: unknown;
  preload: { scripts: string[]; styles: string[] };
};

const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** Fills the built index.html with a prerendered page. */
export function buildPageHtml(template: string, parts: PageParts): string {
  const { head, canonicalUrl } = parts;
  const headTags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(canonicalUrl)}" />`,
    ...(head.noindex ? ['<meta name="robots" content="noindex" />'] : []),
    `<meta property="og:type" content="${parts.ogType}" />`,
    '<meta property="og:site_name" content="Lunar" />',
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(canonicalUrl)}" />`,
    `<meta property="og:image" content="${escapeHtml(parts.imageUrl)}" />`,
    '<meta property="og:image:type" content="image/png" />',
    `<meta property="og:image:width" content="${SHARE_IMAGE_SIZE.width}" />`,
    `<meta property="og:image:height" content="${SHARE_IMAGE_SIZE.height}" />`,
    '<meta property="og:image:alt" content="Lunar — Elevate Your ERLC Community" />',
    '<meta name="twitter:card" content="summary_large_image" />',
    `<meta name="twitter:title" content="${escapeHtml(head.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(head.description)}" />`,
    `<meta name="twitter:image" content="${escapeHtml(parts.imageUrl)}" />`,
    ...parts.preload.styles.map((href) => `<link rel="stylesheet" href="${href}" />`),
  ].join('\n    ');
  // The page's own chunks: needed to hydrate, not to paint, so they wait in the template's
  // inert <template> until the first paint (see deferScripts in web-build.ts). `crossorigin`
  // like Vite's own tags, so the preload and the module load share one fetch.
  const preloads = parts.preload.scripts.map(
    (href) => `<link rel="modulepreload" crossorigin href="${href}" />`,
  );
  const stateTag = `<script id="lunar-state" type="application/json">${escapeJsonForScript(
    JSON.stringify(parts.state),
  )}</script>`;
  return template
    .replace('<!--app-head-->', () => headTags)
    .replace('<!--app-html-->', () => parts.body)
    .replace('<!--app-state-->', () => stateTag)
    .replace(PAGE_PRELOADS_SLOT, () => preloads.join(''));
}
