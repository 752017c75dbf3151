import { describe, expect, it } from 'vitest';
import { ApiError, createApiStore } from './api-store';

/** A fake API: answers from `answers`, counting the requests per URL. */
function fakeApi(answers: Record<string, unknown>) {
  const requests: string[] = [];
  return {
    requests,
    answers,
    fetcher: async (url: string) => {
      requests.push(url);
      const answer = answers[url];
      if (answer instanceof ApiError) throw answer;
      return structuredClone(answer);
    },
  };
}

const watch = (store: ReturnType<typeof createApiStore>, url: string) => store.watch(url, () => {});

describe('createApiStore', () => {
  it('serves the server snapshot without fetching, and fetches what is missing', async () => {
    const api = fakeApi({ '/api/b': 2 });
    const store = createApiStore({ '/api/a': 1 }, { fetcher: api.fetcher });
    expect(store.read('/api/a')).toEqual({ status: 'ready', data: 1 });
    await store.ensure('/api/a');
    expect(api.requests).toEqual([]);
    expect(store.read('/api/b')).toEqual({ status: 'loading' });
    await store.ensure('/api/b');
    expect(store.read('/api/b')).toEqual({ status: 'ready', data: 2 });
    expect(api.requests).toEqual(['/api/b']);
  });

  it('refetches what is read after invalidate, keeping the old answer meanwhile', async () => {
    const api = fakeApi({ '/api/posts': ['old'] });
    const store = createApiStore({ '/api/posts': ['old'], '/api/unread': 1 }, api);
    watch(store, '/api/posts');
    api.answers['/api/posts'] = ['new', 'old'];
    const done = store.invalidate('/api/posts');
    expect(store.read('/api/posts')).toEqual({ status: 'ready', data: ['old'] });
    await done;
    expect(store.read('/api/posts')).toEqual({ status: 'ready', data: ['new', 'old'] });
    expect(api.requests).toEqual(['/api/posts']);
  });

  it('invalidates by path prefix and forgets what nobody reads', async () => {
    const api = fakeApi({ '/api/blog/posts?limit=5': 'a', '/api/blog/session': 'b' });
    const store = createApiStore(
      { '/api/blog/posts?limit=5': 'a', '/api/blog/session': 'b', '/api/blogs': 'c' },
      api,
    );
    watch(store, '/api/blog/posts?limit=5');
    await store.invalidate('/api/blog');
    expect(api.requests).toEqual(['/api/blog/posts?limit=5']);
    expect(store.read('/api/blog/session')).toEqual({ status: 'loading' });
    expect(store.read('/api/blogs')).toEqual({ status: 'ready', data: 'c' });
  });

  it('does not keep an answer requested before the write that invalidated it', async () => {
    let release = () => {};
    const answers = ['before the write', 'after the write'];
    const store = createApiStore(
      {},
      {
        fetcher: async () => {
          const answer = answers.shift();
          if (answer === 'before the write') await new Promise<void>((r) => (release = r));
          return answer;
        },
      },
    );
    watch(store, '/api/x');
    const first = store.ensure('/api/x');
    const invalidated = store.invalidate('/api/x');
    release();
    await Promise.all([first, invalidated]);
    expect(store.read('/api/x')).toEqual({ status: 'ready', data: 'after the write' });
  });

  it('reports 401 as signed-out, 403 as forbidden and anything else as an error', async () => {
    const api = fakeApi({
      '/401': new ApiError(401, 'Sign in'),
      '/403': new ApiError(403, 'No'),
      '/500': new ApiError(500, 'Broken'),
    });
    const store = createApiStore({}, api);
    await Promise.all(['/401', '/403', '/500'].map((url) => store.ensure(url)));
    expect(store.read('/401')).toMatchObject({ status: 'signed-out', error: { status: 401 } });
    expect(store.read('/403')).toMatchObject({ status: 'forbidden', error: { status: 403 } });
    expect(store.read('/500')).toMatchObject({ status: 'error', error: { message: 'Broken' } });
  });

  it('asks again after a failure and once an answer is older than maxAgeMs', async () => {
    let clock = 0;
    const api = fakeApi({ '/api/x': new ApiError(0, 'offline') });
    const store = createApiStore({}, { ...api, maxAgeMs: 1000, now: () => clock });
    await store.ensure('/api/x');
    api.answers['/api/x'] = 1;
    await store.ensure('/api/x');
    expect(store.read('/api/x')).toEqual({ status: 'ready', data: 1 });
    clock = 999;
    await store.ensure('/api/x');
    clock = 1000;
    await store.ensure('/api/x');
    expect(api.requests).toHaveLength(3);
  });

  it('tells subscribers when an answer arrives and lists the answers at hand', async () => {
    const store = createApiStore({ '/a': 1 }, fakeApi({ '/b': 2 }));
    let calls = 0;
    store.subscribe(() => {
      calls += 1;
    });
    const before = store.answers();
    expect(store.answers()).toBe(before);
    await store.ensure('/b');
    expect(calls).toBe(1);
    expect(store.answers()).toEqual({ '/a': 1, '/b': 2 });
  });
});
