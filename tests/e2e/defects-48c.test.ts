// Issue 48 (round 3 of defects), helper i48c's browser items in Chromium, each written from the
// issue's words: an impossible date of birth in the signup (item 5), the mail-change form's own texts
// (item 6), going back through the signup steps (item 7), and "You do not have enough credits" once
// in the chat (item 9). Screenshots at 375 px go to docs/screenshots/ (DOC_SCREENSHOTS).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docScreenshot, launchBrowser, visit } from '../support/browser';
import { buyCredits, memberContext, signUpMember, type TestMember } from '../support/members';
import { request, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
let browser: Browser;
let n = 0;
const TENANT = 'flirtlokaal';
const base = () => `http://${TENANT}.localhost:${server.port}`;
const host = () => `${TENANT}.localhost:${server.port}`;
const SHOTS = 'docs/screenshots';

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ SKIP_SEED: '1', TRUST_PROXY: 'loopback' }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

function member(gender: 'male' | 'female'): Promise<TestMember> {
  n++;
  return signUpMember(server, TENANT, { name: `Defectc${gender}${n}`, country: 'NL', gender, seeking: gender === 'male' ? 'female' : 'male', ip: `10.48.3.${n}` });
}

function sessionOf(who: TestMember): { name: string; value: string } {
  const [name, value] = who.session.split('=') as [string, string];
  return { name, value };
}

async function visitorContext(width = 375): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width, height: 812 } });
  await context.addCookies([
    { name: 'locale', value: 'en', url: base() },
    { name: 'entry_warning_dismissed', value: String(Date.now()), url: base() },
  ]);
  return context;
}

/** The signup page's form, its Next button, and the step it shows. */
function signupForm(page: Page) {
  const form = page.locator('[data-testid="signup-form"]');
  return { form, next: form.locator('[data-testid="signup-next"]'), back: form.getByRole('button', { name: 'Back' }), step: () => form.getAttribute('data-step') };
}

describe('item 5: an impossible date of birth in the signup', () => {
  it('says "Invalid date of birth" (the API\'s text) and keeps what was typed in the field', async () => {
    const context = await visitorContext();
    const page = await context.newPage();
    await visit(page, `${base()}/signup`);
    const { form, next, step } = signupForm(page);
    await form.locator('label:has(input[name="gender"][value="female"])').click();
    await form.locator('label:has(input[name="seeking"][value="male"])').click();
    await next.click();
    expect(await step()).toBe('1');
    // Typed as a person does, field by field: February 30th, 2000.
    const field = form.locator('#date_of_birth');
    await field.click();
    await page.keyboard.type('02302000');
    expect(await field.evaluate((input: HTMLInputElement) => input.validity.badInput)).toBe(true);
    await next.click();
    const error = form.locator('#date_of_birth-error');
    await error.waitFor();
    expect(await error.innerText()).toBe('Invalid date of birth');
    expect(await step()).toBe('1');
    // The API says the same for that day.
    const api = await request(server.port, host(), '/api/signup.php', {
      method: 'POST',
      body: JSON.stringify({ email: 'impossible@e2e.example', name: 'Impossible', password: 'member password 1', date_of_birth: '2000-02-30', gender: 'female', seeking: 'male', country: 'NL', terms: true, orientation_consent: true }),
      headers: { 'content-type': 'application/json', origin: base(), cookie: 'locale=en' },
    });
    expect(api.status).toBe(400);
    expect(api.json<{ fields: Record<string, string> }>().fields.date_of_birth).toBe('Invalid date of birth');
    // The field still holds the day typed (not emptied), for the visitor to correct.
    expect(await field.evaluate((input: HTMLInputElement) => input.validity.badInput)).toBe(true);
    await docScreenshot(page, { path: `${SHOTS}/flirtlokaal-en-signup-invalid-date-375.png` });
    // Corrected, the step goes on.
    await field.fill('2000-02-28');
    await next.click();
    expect(await step()).toBe('2');
    await context.close();
  });
});

describe('item 7: going back through the signup steps', () => {
  it("does not show step 4's two consent errors again before the visitor did anything there", async () => {
    const context = await visitorContext();
    const page = await context.newPage();
    await visit(page, `${base()}/signup`);
    const { form, next, back, step } = signupForm(page);
    await form.locator('label:has(input[name="gender"][value="male"])').click();
    await form.locator('label:has(input[name="seeking"][value="female"])').click();
    await next.click();
    await form.locator('#date_of_birth').fill('1988-05-17');
    await next.click();
    await next.click();
    await form.locator('#name').fill('Backwards');
    await form.locator('#email').fill('backwards@example.com');
    await form.locator('#password').fill('member password 1');
    await next.click();
    expect(await step()).toBe('4');
    const consentErrors = form.getByText(/^(Please accept the terms and conditions to continue|We need your consent to store who you are looking for)$/);
    expect(await consentErrors.count()).toBe(0);
    // Without the two consents the account is not made: both errors show.
    await form.getByRole('button', { name: 'Create my free account' }).click();
    await expect.poll(() => consentErrors.count()).toBe(2);
    expect(await step()).toBe('4');
    // Back through every step, and on again to the last.
    for (const expected of ['3', '2', '1', '0']) {
      await back.click();
      expect(await step()).toBe(expected);
    }
    for (const expected of ['1', '2', '3', '4']) {
      await next.click();
      expect(await step()).toBe(expected);
    }
    expect(await consentErrors.count()).toBe(0);
    await docScreenshot(page, { path: `${SHOTS}/flirtlokaal-en-signup-back-to-consent-375.png` });
    // Once back one step and on again: still nothing before the visitor acts.
    await back.click();
    await next.click();
    expect(await consentErrors.count()).toBe(0);
    // Trying again without them shows them again.
    await form.getByRole('button', { name: 'Create my free account' }).click();
    await expect.poll(() => consentErrors.count()).toBe(2);
    await context.close();
  });
});

describe('item 6: the mail-change form on /notifications', () => {
  it('says "New email adress is invalid" for x@, with the product\'s texts and no tooltip of the browser', async () => {
    const she = await member('female');
    const context = await memberContext(browser, base(), sessionOf(she), { width: 375 });
    const page = await context.newPage();
    await visit(page, `${base()}/notifications`);
    const section = page.locator('section[aria-labelledby="settings-email"]');
    const form = section.locator('form');
    expect(await form.evaluate((element: HTMLFormElement) => element.noValidate)).toBe(true);
    await section.locator('#email').fill('x@');
    await section.getByRole('button', { name: 'Change e-mail address' }).click();
    const error = section.locator('#email-error');
    await error.waitFor();
    expect(await error.innerText()).toBe('New email adress is invalid');
    expect(await section.locator('#email').getAttribute('aria-invalid')).toBe('true');
    await docScreenshot(page, { path: `${SHOTS}/flirtlokaal-en-settings-email-invalid-375.png` });
    // Typing again takes the error away; a good address is sent and confirmed by mail.
    await section.locator('#email').fill('defectc-new@example.com');
    expect(await error.count()).toBe(0);
    await section.getByRole('button', { name: 'Change e-mail address' }).click();
    await section.getByRole('status').waitFor();
    expect(await section.getByRole('status').innerText()).not.toBe('');
    await context.close();
  });

  it('says the same without JavaScript, from the server', async () => {
    const she = await member('female');
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, javaScriptEnabled: false });
    await context.addCookies([
      { name: 'locale', value: 'en', url: base() },
      { ...sessionOf(she), url: base(), httpOnly: true, secure: true, sameSite: 'Lax' },
    ]);
    const page = await context.newPage();
    await page.goto(`${base()}/notifications`);
    const section = page.locator('section[aria-labelledby="settings-email"]');
    await section.locator('#email').fill('x@');
    await Promise.all([page.waitForEvent('load'), section.getByRole('button', { name: 'Change e-mail address' }).click()]);
    expect(await page.locator('section[aria-labelledby="settings-email"] [role="alert"]').innerText()).toBe('New email adress is invalid');
    await context.close();
  });
});

describe('item 9: the chat at 0 credits', () => {
  it('says "You do not have enough credits" once, also when the credits ran out elsewhere', async () => {
    const [writer, reader] = [await member('male'), await member('female')];
    await buyCredits(server, TENANT, writer, 'starter');
    const context = await memberContext(browser, base(), sessionOf(writer), { width: 375 });
    // The page keeps the balance it loaded with: no live stream, no refresh of the member.
    await context.route('**/api/events.php*', (route) => route.abort());
    await context.route('**/api/user.php*', (route) => (route.request().method() === 'GET' ? route.abort() : route.fallback()));
    const page = await context.newPage();
    await visit(page, `${base()}/members/${reader.profileId}/chat`);
    expect(await page.getByTestId('chat-credits').textContent()).toBe('20');
    // Spent on another device: four gifts of 5 credits.
    for (let i = 0; i < 4; i++) {
      const res = await request(server.port, host(), '/api/message.php', {
        method: 'POST',
        body: JSON.stringify({ profile: reader.profileId, gift: 'rose' }),
        headers: { 'content-type': 'application/json', origin: base(), cookie: `locale=en; ${writer.session}` },
      });
      expect(res.status, `gift ${i + 1}`).toBe(201);
    }
    await page.getByTestId('composer-text').fill('Still there?');
    await page.getByTestId('send').click();
    await page.getByTestId('not-enough-credits').waitFor();
    await page.locator('[data-testid=message][data-status=failed]').waitFor();
    expect(await page.getByText('You do not have enough credits').count()).toBe(1);
    expect(await page.evaluate(() => document.body.innerText.split('You do not have enough credits').length - 1)).toBe(1);
    // The balance shown is the server's now.
    expect(await page.getByTestId('chat-credits').textContent()).toBe('0');
    await docScreenshot(page, { path: `${SHOTS}/flirtlokaal-en-chat-out-of-credits-375.png` });
    // At 0 credits from the start: once too.
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await visit(page, `${base()}/members/${reader.profileId}/chat`);
    await page.getByTestId('not-enough-credits').waitFor();
    expect(await page.evaluate(() => document.body.innerText.split('You do not have enough credits').length - 1)).toBe(1);
    await context.close();
  });
});
