import { UNSAFE_createBrowserHistory } from 'react-router';

// The browser history the app's router runs on, able to hold a navigation until someone
// answers (the dashboard asks before unsaved changes are left: forms/unsaved-changes.tsx).
// React Router's own blocker needs its data router, whose code would weigh ~17 KB (gzip) on
// every public page's first load (issue 30's budget); this is the same idea on the history
// BrowserRouter already uses: a link or navigate() is held before it happens, Back/Forward is
// undone at once (the browser has already moved) and done again if the person leaves.

type BrowserHistory = ReturnType<typeof UNSAFE_createBrowserHistory>;
type Update = Parameters<Parameters<BrowserHistory['listen']>[0]>[0];

/** Asked before the app moves to another path or query; `leave` carries the navigation out. */
export type NavigationGuard = (leave: () => void) => void;

/**
 * The router's history with a `guard`: while set, every navigation to another page waits
 * until the guard's `leave` is called. Pages reach it as the router's navigator (so this file
 * stays out of their chunks).
 */
export type GuardedHistory = BrowserHistory & { guard?: NavigationGuard | null };

export function createGuardedHistory(): GuardedHistory {
  const history: GuardedHistory = UNSAFE_createBrowserHistory({ v5Compat: true });
  const { push, listen } = history;
  // Links and navigate() push (a replace only rewrites where the person already is). A link
  // to the page itself asks too: cheaper to answer than to weigh on every visitor's load.
  history.push = (to, state) => {
    const go = () => push(to, state);
    if (history.guard) history.guard(go);
    else go();
  };
  // Our own Back/Forward in answer to one the person made: the undo (1) is swallowed, the
  // router never saw the move it undoes; the redo (2) after "leave" is the move it is told of.
  let ownMove = 0;
  history.listen = (listener) =>
    listen((update: Update) => {
      const own = ownMove;
      const delta = update.delta;
      const guard = history.guard;
      ownMove = 0;
      if (own === 1) return;
      if (!own && guard && delta && update.action === 'POP') {
        ownMove = 1;
        history.go(-delta);
        guard(() => {
          ownMove = 2;
          history.go(delta);
        });
      } else listener(update);
    });
  return history;
}
