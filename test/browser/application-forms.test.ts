import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, nextFrames, useBrowserSite, waitForPage } from './support';

const PNG_HEADER = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

// A real 1×1 PNG, so thumbnails render in the screenshots.
const REAL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function aPng(name: string, size = 256) {
  const buffer = Buffer.alloc(size);
  buffer.set(PNG_HEADER);
  return { name, mimeType: 'image/png', buffer };
}

const field = (name: string) => `#application-${name}`;
const LONG = 'I would calmly step in, listen to both sides and move it to a private ticket.';
const WHY = `${LONG} I am patient, active every day and know the server rules by heart already.`;

async function fillPersonal(page: Page) {
  await page.fill(field('robloxUsername'), 'roblox_applicant');
  await page.fill(field('discordUsername'), 'discord_applicant');
}

async function next(page: Page, expectedStep: string) {
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText(expectedStep, { exact: true }).waitFor();
}

/** Walks the moderator form to its last step, optionally checking each step with axe. */
async function fillModeratorToTerms(page: Page, onStep?: () => Promise<void>) {
  await fillPersonal(page);
  await onStep?.();
  await next(page, 'Step 2 of 5');
  await page.fill(field('otherServers'), 'Lunar Studio Community');
  await page.fill(field('whyChooseYou'), WHY);
  await onStep?.();
  await next(page, 'Step 3 of 5');
  for (const name of ['scenarioOne', 'scenarioTwo', 'scenarioThree', 'scenarioFour']) {
    await page.fill(field(name), LONG);
  }
  await onStep?.();
  await next(page, 'Step 4 of 5');
  await page.fill(field('questionsForUs'), 'How big is the team?');
  await onStep?.();
  await next(page, 'Step 5 of 5');
}

describe('application forms in Chromium', () => {
  const site = useBrowserSite();

  // The form is filled at once after opening: without the page's network gone quiet first,
  // a step's Next sometimes never led on (2 runs in 7; the cause is not found yet), so this
  // file keeps the wait the others no longer need.
  async function openForm(type: 'moderator' | 'designer', width = 1280) {
    const opened = await site.open(`/apply/${type}`, { viewport: { width, height: 900 } });
    await opened.page.waitForLoadState('networkidle');
    return opened;
  }

  it('shows the headings and validates only the current step, with the spec messages', async () => {
    const { page, errors } = await openForm('moderator');
    await expect(page.locator('h1').textContent()).resolves.toBe('Join Our Moderation Team');
    await expect(page.locator('h2#application-title').textContent()).resolves.toBe(
      'Moderator Application',
    );
    await expect(page.getByText('Step 1 of 5').isVisible()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Previous' }).isDisabled()).resolves.toBe(true);
    await expect(page.locator('li[aria-current="step"]').textContent()).resolves.toContain(
      'Personal Information',
    );

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.locator(`${field('robloxUsername')}-error`).textContent()).resolves.toBe(
      'Roblox username is required',
    );
    await expect(page.locator(`${field('discordUsername')}-error`).textContent()).resolves.toBe(
      'Discord username is required',
    );
    await expect(page.locator(field('robloxUsername')).getAttribute('aria-invalid')).resolves.toBe(
      'true',
    );
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe(
      'application-robloxUsername',
    );
    await expect(page.getByText('Step 1 of 5').isVisible()).resolves.toBe(true);

    await page.fill(field('robloxUsername'), 'someone');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe(
      'application-discordUsername',
    );
    await page.fill(field('discordUsername'), 'someone#1');
    await next(page, 'Step 2 of 5');
    await expect(page.getByText('Roblox username is required').count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Previous' }).isEnabled()).resolves.toBe(true);

    await page.fill(field('whyChooseYou'), 'Too short');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.locator(`${field('whyChooseYou')}-error`).textContent()).resolves.toBe(
      'Please provide a detailed response of at least 100 characters',
    );
    await expect(page.getByText('9 / 100 characters minimum').isVisible()).resolves.toBe(true);
    await page.fill(field('whyChooseYou'), WHY);
    await next(page, 'Step 3 of 5');
    await page.fill(field('scenarioTwo'), LONG);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.locator(`${field('scenarioOne')}-error`).textContent()).resolves.toBe(
      'Please provide a detailed response of at least 50 characters',
    );
    await expect(page.locator(`${field('scenarioTwo')}-error`).count()).resolves.toBe(0);
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe(
      'application-scenarioOne',
    );
    for (const name of ['scenarioOne', 'scenarioThree', 'scenarioFour']) {
      await page.fill(field(name), LONG);
    }
    await next(page, 'Step 4 of 5');
    await next(page, 'Step 5 of 5');
    await expect(
      page.getByText('I will not discuss my application in the server.').isVisible(),
    ).resolves.toBe(true);
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.locator(`${field('agreeTerms')}-error`).textContent()).resolves.toBe(
      'You must agree to the terms',
    );
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe(
      'application-agreeTerms',
    );
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page.getByText('Step 4 of 5').isVisible()).resolves.toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('moves the sliders with the keyboard and shows the value', async () => {
    const { page } = await openForm('moderator');
    const age = page.locator(field('age'));
    await expect(age.inputValue()).resolves.toBe('13');
    await expect(page.locator(`${field('age')}-value`).textContent()).resolves.toBe('13 years');
    await age.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(page.locator(`${field('age')}-value`).textContent()).resolves.toBe('15 years');
    await page.keyboard.press('End');
    await expect(age.inputValue()).resolves.toBe('18');
    const activity = page.locator(field('activityLevel'));
    await expect(activity.inputValue()).resolves.toBe('10');
    await activity.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(page.locator(`${field('activityLevel')}-value`).textContent()).resolves.toBe(
      '9 conversations a week',
    );
    await page.keyboard.press('Home');
    await expect(activity.inputValue()).resolves.toBe('5');
    await expect(
      page.getByText('One conversation equals 15 or more messages.').isVisible(),
    ).resolves.toBe(true);
    await page.close();
  });

  it('limits designer images to 10, each under 5 MB, with thumbnails and remove buttons', async () => {
    const { page, errors } = await openForm('designer');
    await expect(page.locator('h1').textContent()).resolves.toBe('Join Our Design Team');
    await expect(page.getByText('Step 1 of 4').isVisible()).resolves.toBe(true);
    await fillPersonal(page);
    await next(page, 'Step 2 of 4');
    const input = page.locator(field('portfolioImages'));
    await input.setInputFiles(Array.from({ length: 11 }, (_, i) => aPng(`work-${i}.png`)));
    await page.getByText('Maximum images reached').waitFor();
    await expect(page.getByText('You can only upload up to 10 images').isVisible()).resolves.toBe(
      true,
    );
    const thumbnails = page.getByRole('list', { name: 'Selected images' }).locator('img');
    await expect(thumbnails.count()).resolves.toBe(10);

    await page.getByRole('button', { name: 'Remove work-3.png' }).click();
    await expect(thumbnails.count()).resolves.toBe(9);
    await expect(page.getByAltText('work-3.png').count()).resolves.toBe(0);

    await input.setInputFiles([aPng('huge.png', 6 * 1024 * 1024)]);
    await page.getByText('File too large').waitFor();
    await expect(page.getByText('Each image must be less than 5MB').isVisible()).resolves.toBe(
      true,
    );
    await expect(thumbnails.count()).resolves.toBe(9);

    await input.setInputFiles([aPng('last.png')]);
    await expect(thumbnails.count()).resolves.toBe(10);
    await input.setInputFiles([aPng('one-too-many.png')]);
    await page.getByText('Maximum images reached').first().waitFor();
    await expect(thumbnails.count()).resolves.toBe(10);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('submits a moderator application and shows its reference and what happens next', async () => {
    const { page, errors } = await openForm('moderator');
    await fillModeratorToTerms(page);
    await page.locator(field('agreeTerms')).check();
    const responsePromise = page.waitForResponse('**/api/applications');
    await page.getByRole('button', { name: 'Submit Application' }).click();
    const response = await responsePromise;
    expect(response.status()).toBe(201);
    const { id, reference } = await response.json();
    expect(reference).toBe(`MOD-${String(id).padStart(6, '0')}`);
    await page.getByText('Application Submitted Successfully!').waitFor();
    await expect(
      page.getByText("Thank you for applying! We'll review your application soon.").isVisible(),
    ).resolves.toBe(true);
    await expect(page.getByTestId('application-reference').textContent()).resolves.toBe(reference);
    const status = page.getByRole('status').filter({ hasText: reference });
    await expect(status.textContent()).resolves.toMatch(/within 7 days.*direct message on Discord/);
    await expect(
      status.getByRole('link', { name: 'Join our Discord' }).getAttribute('href'),
    ).resolves.toBe('https://discord.gg/lunar');
    await expect(
      page.evaluate(() => localStorage.getItem('lunar:application-draft:moderator')),
    ).resolves.toBeNull();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: '/tmp/bd-moderator-success.png', fullPage: true });
    // It stays (the reference must be readable); the visitor leaves when done.
    await status.getByRole('link', { name: 'Back to the home page' }).click();
    await page.waitForURL(`${site.url}/`, { timeout: 5000 });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('submits a designer application with images and shows the upload progress', async () => {
    const { page, errors } = await openForm('designer');
    await fillPersonal(page);
    await next(page, 'Step 2 of 4');
    await page.fill(field('designStyle'), 'Clean and bold');
    await page.fill(field('tools'), 'Photoshop, Blender');
    await page
      .locator(field('portfolioImages'))
      .setInputFiles([aPng('a.png', 300_000), aPng('b.png', 300_000)]);
    await next(page, 'Step 3 of 4');
    await next(page, 'Step 4 of 4');
    await page.locator(field('agreeTerms')).check();
    let request: { body: number; type: string } | undefined;
    // Slow the answer a little so the progress bar can be seen.
    await page.route('**/api/applications', async (route) => {
      const sent = route.request();
      request = {
        body: sent.postDataBuffer()?.length ?? 0,
        type: sent.headers()['content-type'] ?? '',
      };
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.continue();
    });
    const responsePromise = page.waitForResponse('**/api/applications');
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.getByRole('progressbar', { name: 'Upload progress' }).waitFor();
    const response = await responsePromise;
    expect(response.status()).toBe(201);
    expect(request?.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(request?.body).toBeGreaterThan(600_000);
    await page.getByText('Application Submitted Successfully!').waitFor();
    await expect(page.getByTestId('application-reference').textContent()).resolves.toMatch(
      /^DES-\d{6,}$/,
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  it.each([
    ['a 500 answer', 'fail' as const],
    ['a network failure', 'abort' as const],
  ])('keeps every answer and shows the error toast on %s', async (_name, how) => {
    const { page } = await openForm('moderator');
    // Timers from here on run on a clock the test moves: no waiting to see that none navigates.
    await page.clock.install();
    await page.route('**/api/applications', (route) =>
      how === 'abort'
        ? route.abort('connectionrefused')
        : route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"x"}' }),
    );
    await fillModeratorToTerms(page);
    await page.locator(field('agreeTerms')).check();
    await page.getByRole('button', { name: 'Submit Application' }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'Error' });
    await toast.waitFor();
    await expect(toast.textContent()).resolves.toContain(
      'There was an error submitting your application. Please try again.',
    );
    await expect(toast.getAttribute('data-variant')).resolves.toBe('destructive');
    await expect(page.getByText('Application Submitted Successfully!').count()).resolves.toBe(0);
    await expect(page.locator(field('agreeTerms')).isChecked()).resolves.toBe(true);
    for (let i = 0; i < 4; i++) await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page.locator(field('robloxUsername')).inputValue()).resolves.toBe(
      'roblox_applicant',
    );
    // Some seconds on: nothing was scheduled to leave the form.
    await page.clock.runFor(5000);
    expect(new URL(page.url()).pathname).toBe('/apply/moderator');
    await expect(page.getByText('Application Submitted Successfully!').count()).resolves.toBe(0);
    await page.close();
  });

  it('shows the server field errors on their step', async () => {
    const { page } = await openForm('moderator');
    await page.route('**/api/applications', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          message: 'Some fields are invalid.',
          fieldErrors: { discordUsername: 'Discord username is required' },
        }),
      }),
    );
    await fillModeratorToTerms(page);
    await page.locator(field('agreeTerms')).check();
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.getByText('Step 1 of 5').waitFor();
    await expect(page.locator(`${field('discordUsername')}-error`).textContent()).resolves.toBe(
      'Discord username is required',
    );
    await page.close();
  });

  it('keeps a draft across a reload (images excepted)', async () => {
    const { page, errors } = await openForm('moderator');
    await fillPersonal(page);
    await page.locator(field('age')).focus();
    await page.keyboard.press('ArrowRight');
    await next(page, 'Step 2 of 5');
    await page.fill(field('otherServers'), 'Two servers');
    await page.reload();
    await waitForPage(page);
    await page.getByText('Step 2 of 5').waitFor();
    await expect(page.locator(field('otherServers')).inputValue()).resolves.toBe('Two servers');
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page.locator(field('robloxUsername')).inputValue()).resolves.toBe(
      'roblox_applicant',
    );
    await expect(page.locator(field('age')).inputValue()).resolves.toBe('14');
    // The designer form has its own draft.
    await page.goto(`${site.url}/apply/designer`);
    await waitForPage(page);
    // A draft is restored by an effect of the hydrating render: a frame later it is on screen.
    await nextFrames(page);
    await expect(page.locator(field('robloxUsername')).inputValue()).resolves.toBe('');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('re-checks a field with an error as it changes and shows the scenario questions', async () => {
    const { page } = await openForm('moderator', 1440);
    // The five step titles fit one row at 1440 px.
    const rows = await page
      .locator('nav[aria-label="Application steps"] li')
      .evaluateAll((items) => new Set(items.map((item) => item.getBoundingClientRect().top)).size);
    expect(rows).toBe(1);
    await page.getByRole('button', { name: 'Next' }).click();
    const roblox = page.locator(field('robloxUsername'));
    await expect(roblox.getAttribute('aria-invalid')).resolves.toBe('true');
    await roblox.fill('someone');
    // Gone as soon as it is fixed, not at the next submit; the other one stays.
    await expect(page.locator(`${field('robloxUsername')}-error`).count()).resolves.toBe(0);
    await expect(roblox.getAttribute('aria-invalid')).resolves.toBeNull();
    await expect(page.locator(`${field('discordUsername')}-error`).count()).resolves.toBe(1);
    await page.fill(field('discordUsername'), 'someone');
    await next(page, 'Step 2 of 5');
    await page.fill(field('whyChooseYou'), 'Too short');
    await page.getByRole('button', { name: 'Next' }).click();
    const whyError = page.locator(`${field('whyChooseYou')}-error`);
    await page.fill(field('whyChooseYou'), 'Still too short, but longer');
    await expect(whyError.textContent()).resolves.toBe(
      'Please provide a detailed response of at least 100 characters',
    );
    await page.fill(field('whyChooseYou'), WHY);
    await expect(whyError.count()).resolves.toBe(0);
    await page.fill(field('otherServers'), 'None');
    await next(page, 'Step 3 of 5');
    await page.fill(field('scenarioOne'), LONG);
    // The question stays readable while (and after) the answer is typed.
    const question = page.getByText(
      'Two members start arguing in a public channel. What do you do?',
    );
    await expect(question.isVisible()).resolves.toBe(true);
    await expect(page.getByLabel(/What do you do\?/).count()).resolves.toBe(4);
    await page.close();
  });

  it('refuses an unsupported file with an inline error and counts images beside its own button', async () => {
    const { page } = await openForm('designer');
    await fillPersonal(page);
    await next(page, 'Step 2 of 4');
    const count = page.locator(`${field('portfolioImages')}-count`);
    await expect(count.textContent()).resolves.toBe('0 of 10 added');
    await page
      .locator(field('portfolioImages'))
      .setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') }]);
    const error = page.locator(`${field('portfolioImages')}-error`);
    await expect(error.textContent()).resolves.toBe(
      'notes.txt: not added. Only PNG, JPEG, WebP or GIF images are accepted.',
    );
    const button = page.getByRole('button', { name: 'Choose images' });
    await expect(button.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(button.getAttribute('aria-describedby')).resolves.toContain(
      'application-portfolioImages-error',
    );
    await page.locator(field('portfolioImages')).setInputFiles([aPng('a.png')]);
    await expect(count.textContent()).resolves.toBe('1 of 10 added');
    await expect(error.count()).resolves.toBe(0);
    // The native input, whose text would say 'No file chosen', is not shown.
    await expect(
      page
        .locator(field('portfolioImages'))
        .evaluate((input) => input.getBoundingClientRect().width),
    ).resolves.toBeLessThanOrEqual(1);
    // The button opens the file chooser.
    const chooser = page.waitForEvent('filechooser');
    await button.click();
    await expect(chooser.then((c) => c.isMultiple())).resolves.toBe(true);
    await page.close();
  });

  it('has no axe violations on any step of either form', async () => {
    const { page } = await openForm('moderator');
    await page.getByRole('button', { name: 'Next' }).click();
    await expectNoAxeViolations(page); // with the errors shown
    await fillModeratorToTerms(page, () => expectNoAxeViolations(page));
    await expectNoAxeViolations(page);
    await page.close();

    const designer = await openForm('designer');
    await expectNoAxeViolations(designer.page);
    await fillPersonal(designer.page);
    await next(designer.page, 'Step 2 of 4');
    await designer.page.locator(field('portfolioImages')).setInputFiles([aPng('a.png')]);
    await expectNoAxeViolations(designer.page);
    await next(designer.page, 'Step 3 of 4');
    await expectNoAxeViolations(designer.page);
    await next(designer.page, 'Step 4 of 4');
    await expectNoAxeViolations(designer.page);
    await designer.page.close();
  });

  it('renders at 360 px and on a desktop (screenshots in /tmp)', async () => {
    for (const width of [360, 1280]) {
      const { page } = await openForm('designer', width);
      await page.getByRole('button', { name: 'Accept' }).click();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.screenshot({ path: `/tmp/bd-designer-errors-${width}.png`, fullPage: true });
      await fillPersonal(page);
      await next(page, 'Step 2 of 4');
      const png = { mimeType: 'image/png', buffer: REAL_PNG };
      await page.locator(field('portfolioImages')).setInputFiles([
        { name: 'a-very-long-portfolio-file-name.png', ...png },
        { name: 'b.png', ...png },
      ]);
      await next(page, 'Step 3 of 4');
      await page.getByRole('button', { name: 'Previous' }).click();
      // The thumbnails survive moving between steps (their object URLs are still valid).
      const loaded = await page
        .getByRole('list', { name: 'Selected images' })
        .locator('img')
        .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).naturalWidth));
      expect(loaded).toEqual([1, 1]);
      await page.screenshot({ path: `/tmp/bd-designer-step2-${width}.png`, fullPage: true });
      await next(page, 'Step 3 of 4');
      await next(page, 'Step 4 of 4');
      await page.screenshot({ path: `/tmp/bd-designer-terms-${width}.png`, fullPage: true });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
      await page.close();
    }
  });
});
