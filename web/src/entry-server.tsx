// The Web Streams build, not react-dom/static's Node one: the Node build runs every render
// inside an AsyncLocalStorage, and on Node 20 the first such run turns promise hooks on for
// the whole process for good, so every later request paid for them (about a tenth of a cached
// page's CPU, bench/throughput.bench.ts). The HTML is the same, byte for byte;
// test/process/render-promise-hooks.test.ts holds the hooks off. In development (React's
// development build) on Node 20, which lacks ArrayBuffer.prototype.detached (Node 22 and 24
// have it), it warns about an empty buffer on some renders; the production build does not
// check, and nothing is lost. No workaround: the warning is Node 20's and development's only.
import { prerender } from 'react-dom/static.edge';
import { StaticRouter } from 'react-router';
import { type InitialState, Root } from './root';

export type { InitialState } from './root';

/** Renders a page to HTML, waiting for every lazy page chunk. */
export async function renderPage(url: string, state: InitialState): Promise<string> {
  const { prelude } = await prerender(
    <Root state={state} router={(app) => <StaticRouter location={url}>{app}</StaticRouter>} />,
    // React outlines Suspense boundaries larger than ~12 KB and completes them with inline
    // <script>s, which our CSP (script-src 'self') blocks: keep every boundary inline.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}
