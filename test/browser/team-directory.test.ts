import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowserSite } from './support';

// A card's name is the first text of its bold line (the crown icon's title follows it).
const names = (page: Page) =>
  page
    .locator('#team [data-member]')
    .evaluateAll((cards) =>
      cards.map((card) => card.querySelector('.font-semibold')?.firstChild?.textContent),
    );

describe('team directory and member modal', () => {
  const site = useBrowserSite();
  let page: Page;
  let errors: string[];
  beforeAll(async () => {
    ({ page, errors } = await site.open('/#team', { viewport: { width: 1280, height: 900 } }));
  });

  it('starts on the first category, sorted by name, in grid view', async () => {
    const first = page
      .getByRole('navigation', { name: 'Team categories' })
      .getByRole('button')
      .first();
    expect(await first.getAttribute('aria-pressed')).toBe('true');
    const list = await names(page);
    expect(list).toHaveLength(6);
    expect(list).toEqual([...list].sort((a, b) => (a ?? '').localeCompare(b ?? '')));
    expect(await page.locator('#team [data-view]').getAttribute('data-view')).toBe('grid');
    expect(errors).toEqual([]);
  });

  it('draws each avatar above its card banner, where the two overlap', async () => {
    const avatar = page.locator('#team [data-member] img[src^="/avatars/"]').first();
    await avatar.scrollIntoViewIfNeeded();
    const box = await avatar.boundingBox();
    if (!box) throw new Error('avatar not laid out');
    // A point in the avatar's upper part, which the banner also covers.
    const topmost = await page.evaluate(
      ({ x, y }) => (document.elementFromPoint(x, y) as HTMLImageElement | null)?.src ?? null,
      { x: box.x + box.width / 2, y: box.y + box.height * 0.25 },
    );
    expect(topmost).toContain('/avatars/');
  });

  it('searches name, role and specialty case-insensitively and shows the empty state', async () => {
    const search = page.getByPlaceholder('Search members...');
    await search.fill('LEAD');
    expect(await names(page)).toEqual(['Ash']);
    await search.fill('photography');
    expect((await names(page)).length).toBeGreaterThan(0);
    await search.fill('zzz-nobody');
    await page.getByText('No Results Found').waitFor();
    await expect(
      page.getByText('No team members match your search criteria.').isVisible(),
    ).resolves.toBe(true);
    await search.fill('');
  });

  it('sorts by role (leads first) and by activity, and toggles list view', async () => {
    const sort = page.getByLabel('Sort by');
    await sort.selectOption('role');
    expect((await names(page))[0]).toBe('Ash');
    await sort.selectOption('activity');
    expect((await names(page))[0]).toBe('Ash');
    await sort.selectOption('name');
    const listButton = page.getByRole('button', { name: 'List view' });
    await listButton.click();
    expect(await listButton.getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator('#team [data-view]').getAttribute('data-view')).toBe('list');
    await page.getByRole('button', { name: 'Grid view' }).click();
  });

  it('changes category', async () => {
    await page.getByRole('button', { name: /Bot Developers/ }).click();
    expect(await names(page)).toHaveLength(2);
    await page.getByRole('button', { name: /Graphics/ }).click();
  });

  it('opens the modal by click, on the about tab, with 3 similar designers excluding the member', async () => {
    const card = page.locator('[data-member="ashgfx"]');
    await card.click();
    const dialog = page.getByRole('dialog', { name: /Ash/ });
    await dialog.waitFor();
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    const about = dialog.getByRole('tab', { name: 'about' });
    expect(await about.getAttribute('aria-selected')).toBe('true');
    const similar = await dialog.locator('section li').allTextContents();
    expect(similar).toHaveLength(3);
    expect(similar.some((text) => text.startsWith('Ash'))).toBe(false);
    const message = dialog.getByRole('link', { name: /Message/ });
    expect(await message.getAttribute('target')).toBe('_blank');
    // At most 90% of the viewport tall, with its own scroll.
    const box = await dialog.boundingBox();
    expect(box?.height ?? 0).toBeLessThanOrEqual(900 * 0.9 + 1);
    expect(await dialog.evaluate((el) => getComputedStyle(el).overflowY)).toBe('auto');

    // Tabs: arrow keys move between about, services and roles.
    await about.focus();
    await page.keyboard.press('ArrowRight');
    expect(await dialog.getByRole('tab', { name: 'services' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByRole('tabpanel').textContent()).resolves.toContain('Graphics');

    // Same similar designers on reopening (stable per member); Escape closes, focus returns.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-member'))).toBe(
      'ashgfx',
    );
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    expect(await page.getByRole('dialog').locator('section li').allTextContents()).toEqual(similar);
  });

  it('traps focus inside the modal and closes on a backdrop click', async () => {
    const dialog = page.getByRole('dialog');
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.mouse.click(5, 5);
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-member'))).toBe(
      'ashgfx',
    );
    expect(errors).toEqual([]);
  });
});
