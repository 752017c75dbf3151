import { PassThrough } from 'node:stream';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { type InitialState, Root } from './root';

export type { InitialState } from './root';

/** Renders a page to HTML, waiting for every lazy page chunk. */
export async function renderPage(url: string, state: InitialState): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <Root state={state} router={(app) => <StaticRouter location={url}>{app}</StaticRouter>} />,
    // React outlines Suspense boundaries larger than ~12 KB and completes them with inline
    // <script>s, which our CSP (script-src 'self') blocks: keep every boundary inline.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude.pipe(new PassThrough())) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
