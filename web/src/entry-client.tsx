import './styles.css';

// The server sends every page painted: prerendered HTML and one stylesheet. The code that
// hydrates it (React, the router, the page's chunks: most of the first load) is fetched only
// after the browser has painted once, so it never competes with the first paint; its preload
// links, the hydration entry's among them, wait inert in a <template> (server/web/web-build.ts).

/**
 * Resolves once the prerendered page has been painted whole (at once when there is nothing to
 * paint): after the load event (its images too), the next frame.
 */
async function afterPaint(): Promise<void> {
  const painted = document.getElementById('root')?.hasChildNodes();
  // A hidden tab paints no frame until it is shown: nothing to wait for there.
  if (!painted || document.visibilityState === 'hidden') return;
  if (document.readyState !== 'complete') {
    await new Promise((resolve) => window.addEventListener('load', resolve, { once: true }));
  }
  // The frame's callbacks run just before its paint; a task queued from them runs after it.
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

await afterPaint();
const preloads = document.getElementById('lunar-preload');
if (preloads instanceof HTMLTemplateElement) document.head.append(preloads.content);
// By URL, not `import('./hydrate')`: the bundler would bring its preload helper (and the
// chunk that holds it) into this script, before the paint.
const hydrate = document.getElementById('lunar-hydrate');
if (hydrate instanceof HTMLLinkElement) await import(/* @vite-ignore */ hydrate.href);
