import { describe, expect, it } from 'vitest';
import { createRenderCache } from './render-cache';

describe('createRenderCache', () => {
  it('renders once per URL and data, again when either changes', async () => {
    const cache = createRenderCache();
    let renders = 0;
    const render = (html: string) => async () => {
      renders += 1;
      return html;
    };
    expect(await cache.render('/blog', { posts: [1] }, render('a'))).toBe('a');
    expect(await cache.render('/blog', { posts: [1] }, render('never'))).toBe('a');
    expect(await cache.render('/blog', { posts: [1, 2] }, render('b'))).toBe('b');
    expect(await cache.render('/terms', { posts: [1] }, render('c'))).toBe('c');
    expect(renders).toBe(3);
  });

  it('forgets the least recently used entry past its limit', async () => {
    const cache = createRenderCache(2);
    await cache.render('/a', null, async () => 'a');
    await cache.render('/b', null, async () => 'b');
    await cache.render('/a', null, async () => 'never'); // /a is now the most recent
    await cache.render('/c', null, async () => 'c'); // evicts /b
    expect(cache.size).toBe(2);
    expect(await cache.render('/a', null, async () => 'again')).toBe('a');
    expect(await cache.render('/b', null, async () => 'b2')).toBe('b2');
  });
});
