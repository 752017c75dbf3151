import { describe, expect, it } from 'vitest';
import { DRIVERS } from '../support/database';
import { SITE_ORIGIN, signInAsStaff } from '../support/staff';
import { useTestApp } from '../support/use-test-app';

// Two executives editing one home-page block: each save names the version its form started
// from; of two saves from one version one wins and the other gets a 409 in words, never a 500
// and never a silent overwrite. The form keeps what was typed (test/browser/dashboard-content).

const HERO = '/api/staff/content/site/hero';
const hero = (headline: string) => ({ badge: 'Badge', headline, tagline: 'Liveries and more' });

describe.each(DRIVERS)('site blocks saved by two people on %s', (driver) => {
  const server = useTestApp(driver);
  const executive = async () =>
    (await signInAsStaff(server.database.db, ['executive'], 'exec')).cookie;
  const send = (method: 'GET' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
    server.app.inject({
      method,
      url,
      headers: { cookie, origin: SITE_ORIGIN },
      ...(payload ? { payload } : {}),
    });

  it('lets one of two saves from the same version win, and tells the other why', async () => {
    const [ana, ben] = await Promise.all([executive(), executive()]);
    const opened = (await send('GET', HERO, ana)).json();
    expect(opened).toMatchObject({ stored: false, version: null });

    // Both start from the built-in words.
    const both = await Promise.all([
      send('PUT', `${HERO}?version=none`, ana, hero('From Ana')),
      send('PUT', `${HERO}?version=none`, ben, hero('From Ben')),
    ]);
    expect(both.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const won = both.find((answer) => answer.statusCode === 200)?.json();
    const lost = both.find((answer) => answer.statusCode === 409)?.json();
    expect(lost.message).toMatch(/Someone else saved this block.*What you typed is still here/);
    expect(won).toMatchObject({ stored: true, version: expect.stringMatching(/^\d+$/) });

    // From a stored version: again one wins, 409 for the other; the stored words are the winner's.
    const race = await Promise.all(
      ['Ana 2', 'Ben 2', 'Ana 3'].map((headline, index) =>
        send('PUT', `${HERO}?version=${won.version}`, index === 1 ? ben : ana, hero(headline)),
      ),
    );
    expect(race.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    const winner = race.find((answer) => answer.statusCode === 200)?.json();
    const now = (await send('GET', HERO, ana)).json();
    expect(now.value.headline).toBe(winner.value.headline);
    expect(now.version).toBe(winner.version);
    expect(now.version).not.toBe(won.version);

    // A save from the old version is refused; from the current one it goes through.
    expect(
      (await send('PUT', `${HERO}?version=${won.version}`, ana, hero('Late'))).statusCode,
    ).toBe(409);
    const current = await send('PUT', `${HERO}?version=${now.version}`, ana, hero('Current'));
    expect(current.statusCode).toBe(200);
  });

  it('refuses a reset over someone else’s newer save, and a bad version in words', async () => {
    const cookie = await executive();
    const saved = (await send('PUT', HERO, cookie, hero('Stored'))).json();
    const newer = (
      await send('PUT', `${HERO}?version=${saved.version}`, cookie, hero('Newer'))
    ).json();
    const stale = await send('DELETE', `${HERO}?version=${saved.version}`, cookie);
    expect(stale.statusCode).toBe(409);
    expect((await send('GET', HERO, cookie)).json().value.headline).toBe('Newer');
    const reset = await send('DELETE', `${HERO}?version=${newer.version}`, cookie);
    expect(reset.json()).toMatchObject({ stored: false, version: null });
    // Reset again from the same version: it is the default either way.
    expect((await send('DELETE', `${HERO}?version=${newer.version}`, cookie)).statusCode).toBe(200);

    const bad = await send('PUT', `${HERO}?version=yesterday`, cookie, hero('x'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBeTruthy();
  });
});
