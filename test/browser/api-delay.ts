import type { Browser, BrowserContext } from 'playwright-core';

/**
 * With LUNAR_TEST_API_DELAY_MS set, every fetch the pages make under /api/ waits that long
 * first: a run so slowed shows a test that reads data before the page has it (the tests wait
 * for what they read, not for the network to go quiet; see waitForPage in ./support.ts).
 */
const API_DELAY_MS = Number(process.env.LUNAR_TEST_API_DELAY_MS ?? 0);

async function delayApiFetches(context: BrowserContext): Promise<void> {
  await context.route('**/api/**', async (route) => {
    if (route.request().resourceType() === 'fetch') {
      await new Promise((resolve) => setTimeout(resolve, API_DELAY_MS));
    }
    await route.fallback();
  });
}

/** The browser as launched, its new contexts and pages slowed when the knob is set. */
export function withApiDelay(browser: Browser): Browser {
  if (API_DELAY_MS <= 0) return browser;
  const { newContext, newPage } = browser;
  browser.newContext = async (options) => {
    const context = await newContext.call(browser, options);
    await delayApiFetches(context);
    return context;
  };
  browser.newPage = async (options) => {
    const page = await newPage.call(browser, options);
    await delayApiFetches(page.context());
    return page;
  };
  return browser;
}
