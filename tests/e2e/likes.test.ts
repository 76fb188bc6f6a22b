// Likes in Chromium (issue 12): like back to a match and see the match modal, a new like announced
// by the refresh, the likes tabs, the swipe game by keyboard to its daily limit, and the like modal
// with ?t=2 — without console errors, at 375 px and 1280 px.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, visit, watchConsole } from '../support/browser';
import { memberContext } from '../support/members';
import { request, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
let browser: Browser;
const HOST = 'flirtlokaal.localhost';
const base = () => `http://${HOST}:${server.port}`;
const host = () => `${HOST}:${server.port}`;
let n = 0;

interface Member {
  session: { name: string; value: string };
  cookie: string;
  profile: number;
  name: string;
}

/** A confirmed member signed up over the API (the activation link followed from the outbox). */
async function member(gender: 'male' | 'female'): Promise<Member> {
  n++;
  const name = `${gender === 'male' ? 'Bas' : 'Fenna'}${String.fromCharCode(96 + n)}`;
  const email = `likes-e2e-${n}@example.com`;
  const res = await request(server.port, host(), '/api/signup.php', {
    method: 'POST',
    body: JSON.stringify({ email, name, password: 'member password 1', date_of_birth: '1991-03-03', gender, seeking: gender === 'male' ? 'female' : 'male', country: 'NL', terms: true, orientation_consent: true }),
    headers: { 'content-type': 'application/json', origin: base(), 'x-forwarded-for': `10.1.0.${n}` },
  });
  expect(res.status).toBe(201);
  const cookie = String(res.headers['set-cookie']).split(';')[0]!;
  const [cookieName, value] = cookie.split('=') as [string, string];
  const outbox = await request(server.port, host(), '/dev/outbox');
  const token = new RegExp(`data-to="${email}"[\\s\\S]*?/activate\\?token=([\\w-]+)`).exec(outbox.text)![1]!;
  await request(server.port, host(), `/activate?token=${token}`);
  const me = await request(server.port, host(), '/api/user.php', { headers: { cookie } });
  return { session: { name: cookieName, value }, cookie, profile: me.json<{ user: { profile: { id: number } } }>().user.profile.id, name };
}

const like = (from: Member, profile: number) =>
  request(server.port, host(), '/api/like.php', { method: 'POST', body: JSON.stringify({ profile }), headers: { 'content-type': 'application/json', origin: base(), cookie: from.cookie } });

const contextFor = (who: Member, width: number) => memberContext(browser, base(), who.session, { width });

/** Console errors, page errors and hydration warnings of a page. */

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ TRUST_PROXY: 'loopback' }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('likes in Chromium', () => {
  it('likes back from the Received tab to a match and shows the match modal, whose button opens the profile', async () => {
    const fenna = await member('female');
    const bas = await member('male');
    await like(bas, fenna.profile);
    const context = await contextFor(fenna, 375);
    const page = await context.newPage();
    const problems = watchConsole(page);
    await visit(page, `${base()}/likes`);
    expect(await page.locator('[data-testid="likes-badge"]').innerText()).toBe('1');
    expect(await page.title()).toBe('(1) Likes – FlirtLokaal');
    const card = page.locator('[data-testid="profile-card"]');
    expect(await card.count()).toBe(1);
    expect(await card.locator('[data-testid="new-like"]').innerText()).toBe('New');
    expect(await card.locator('[data-testid="like-control"]').getAttribute('data-state')).toBe('liked_by_them');
    await card.getByRole('button', { name: 'Like back' }).click();
    const modal = page.locator('[data-testid="match-modal"]');
    await expect.poll(() => modal.isVisible()).toBe(true);
    expect(await modal.locator('h2').innerText()).toBe("It's a match!");
    expect(await modal.innerText()).toContain(`You and ${bas.name} like each other.`);
    expect(await card.locator('[data-testid="like-control"]').getAttribute('data-state')).toBe('match');
    // The like back cleared the new-like flag: badge and title follow.
    await expect.poll(() => page.locator('[data-testid="likes-badge"]').count()).toBe(0);
    await expect.poll(() => page.title()).toBe('Likes – FlirtLokaal');
    await modal.getByRole('button', { name: `View ${bas.name}'s profile` }).click();
    await page.waitForURL(`${base()}/likes/m/${bas.profile}`);
    expect(await page.locator('[data-testid="like"]').getAttribute('data-state')).toBe('match');
    expect(await page.locator('[data-testid="like"]').innerText()).toContain('Matched');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('announces a like that arrives while the page is open in the New like! modal; the backdrop closes it', async () => {
    const fenna = await member('female');
    const bas = await member('male');
    const context = await contextFor(fenna, 1280);
    await context.clock.install();
    // Only runFor moves the clock (a loaded machine's real seconds cannot pass the 5 s mark early).
    await context.clock.pauseAt(Date.now() + 1_000);
    const page = await context.newPage();
    const problems = watchConsole(page);
    let answered = 0;
    page.on('requestfinished', (req) => {
      if (req.url().includes('/api/user.php')) answered++;
    });
    await visit(page, `${base()}/members`);
    // The first refresh, 5 s after load, is the baseline; a like after its answer is announced by the next.
    await page.clock.runFor(5_500);
    await expect.poll(() => answered).toBe(1);
    await like(bas, fenna.profile);
    await page.clock.runFor(60_000);
    const modal = page.locator('[data-testid="match-modal"]');
    await expect.poll(() => modal.isVisible()).toBe(true);
    expect(await modal.locator('h2').innerText()).toBe('New like!');
    expect(await modal.innerText()).toContain(`${bas.name} likes you.`);
    expect(await page.locator('[data-testid="likes-badge"]').innerText()).toBe('1');
    // A click on the backdrop (outside the dialog's box) closes it.
    await page.mouse.click(10, 890);
    await expect.poll(() => modal.count()).toBe(0);
    expect(page.url()).toBe(`${base()}/members`);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows the three tabs with their counts, newest first, each card with its like state', async () => {
    const fenna = await member('female');
    const [a, b, c] = [await member('male'), await member('male'), await member('male')];
    await like(a, fenna.profile);
    await like(fenna, b.profile);
    await like(fenna, c.profile);
    await like(c, fenna.profile);
    const context = await contextFor(fenna, 1280);
    const page = await context.newPage();
    const problems = watchConsole(page);
    await visit(page, `${base()}/likes`);
    const tabs = page.getByRole('navigation', { name: 'Likes' });
    expect(await tabs.locator('[aria-current="page"]').innerText()).toContain('Received');
    const counts = async () => tabs.locator('a').evaluateAll((links) => links.map((l) => l.textContent));
    expect(await counts()).toEqual(['Received1', 'Sent1', 'Matches1']);
    const states = () => page.locator('[data-testid="like-control"]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-state')));
    const names = () => page.locator('[data-testid="profile-card"] strong').allInnerTexts();
    expect(await names()).toEqual([`${a.name}, 35`]);
    await tabs.getByRole('link', { name: /Sent/ }).click();
    await page.waitForURL(`${base()}/likes/sent`);
    await expect.poll(names).toEqual([`${b.name}, 35`]);
    expect(await states()).toEqual(['liked']);
    expect(await page.getByRole('button', { name: 'Liked' }).getAttribute('aria-pressed')).toBe('true');
    await tabs.getByRole('link', { name: /Matches/ }).click();
    await page.waitForURL(`${base()}/likes/matches`);
    await expect.poll(names).toEqual([`${c.name}, 35`]);
    expect(await states()).toEqual(['match']);
    expect(await page.locator('[data-testid="match-label"]').innerText()).toBe("It's a match");
    // Taking the like back on the Sent tab turns the card back to Like.
    await visit(page, `${base()}/likes/sent`);
    await page.getByRole('button', { name: 'Liked' }).click();
    await expect.poll(states).toEqual(['none']);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('plays the swipe game by keyboard (and a drag of the card) to its daily limit', async () => {
    const bas = await member('male');
    const context = await contextFor(bas, 375);
    const page = await context.newPage();
    const problems = watchConsole(page);
    // visit() waits for the app to hydrate: the game listens for keys from then on.
    await visit(page, `${base()}/swipe-game`);
    const remaining = () => page.locator('[data-testid="swipe-remaining"]').getAttribute('data-remaining');
    const current = () => page.locator('[data-testid="swipe-card"]').getAttribute('data-profile');
    expect(await remaining()).toBe('4');
    const first = await current();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(current).not.toBe(first);
    expect(await remaining()).toBe('4');
    // A drag of the card to the left passes too (pointer events, as a touch swipe sends them).
    const dragged = await current();
    const box = (await page.locator('[data-testid="swipe-card"]').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 160, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    await expect.poll(current).not.toBe(dragged);
    expect(await remaining()).toBe('4');
    const liked: string[] = [];
    for (let left = 3; left >= 0; left--) {
      const before = await current();
      liked.push(before!);
      await page.keyboard.press('ArrowRight');
      await expect.poll(remaining).toBe(String(left));
      await expect.poll(current).not.toBe(before);
    }
    expect(await page.locator('[data-testid="swipe-like"]').isDisabled()).toBe(true);
    expect(await page.locator('[data-testid="swipe-limit"]').innerText()).toBe("You have used today's 4 likes in the swipe game. Come back tomorrow for more.");
    // A fifth like by keyboard is refused on the page, and nothing is sent.
    const stays = await current();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.locator('[data-testid="swipe-notice"]').isVisible()).toBe(true);
    expect(await current()).toBe(stays);
    const likes = await request(server.port, host(), '/api/likes.php', { headers: { cookie: bas.cookie } });
    expect(likes.json<{ liked: number[] }>().liked.map(String).sort()).toEqual(liked.sort());
    // Passing still works after the limit.
    await page.keyboard.press('ArrowLeft');
    await expect.poll(current).not.toBe(stays);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('opens the like modal 2 s after /members/{id}?t=2, removes t at once without a reload, and its button opens the profile', async () => {
    const bas = await member('male');
    const target = (await request(server.port, host(), '/api/members.php?gender=female&country=NL')).json<{ results: { id: number; name: string }[] }>().results[0]!;
    const context = await contextFor(bas, 1280);
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(`${base()}/members/${target.id}?t=2`, { waitUntil: 'domcontentloaded' });
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    await expect.poll(() => page.url()).toBe(`${base()}/members/${target.id}`);
    const modal = page.locator('[data-testid="like-modal"]');
    await page.waitForTimeout(1_000);
    expect(await modal.count()).toBe(0);
    await expect.poll(() => modal.isVisible(), { timeout: 5_000 }).toBe(true);
    expect(await modal.locator('h2').innerText()).toContain(`Do you like ${target.name}?`);
    // Still the same document: t went without a reload.
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    await modal.getByRole('link', { name: `View ${target.name}'s profile` }).click();
    await expect.poll(() => modal.count()).toBe(0);
    expect(page.url()).toBe(`${base()}/members/${target.id}`);
    expect(problems).toEqual([]);
    await context.close();
  });
});
