// Every lander and member landing (issue 23 items 1, 3, 8) in Chromium, at 375 and 1280 px: it
// renders in the lander layout with real profiles, no console error, no serious axe violation, and a
// call to action that opens the signup modal (tests/support/landers.ts). This file walks FlirtLokaal
// in Dutch, screenshots at both widths into docs/screenshots/landers/; landers-bellacurva.test.ts
// walks a second tenant and language. The swipe lander asks to join after three swipes; the video
// landers show a poster and play muted, looping video.
import { describe, expect, it } from 'vitest';
import { describeEveryLander, landerFixture } from '../support/landers';

const fixture = landerFixture(['flirtlokaal']);

describeEveryLander(fixture, { tenant: 'flirtlokaal', locale: 'nl', slug: 'nearby', shots: [375, 1280] });

describe('the swipe lander', () => {
  it('lets a visitor swipe three cards, then asks them to join', async () => {
    const { page, problems } = await fixture.open('flirtlokaal', 'en', 375, '/landers/tinderswipe');
    await page.locator('[data-testid="swipe-like"]').click();
    await page.locator('[data-testid="swipe-pass"]').click();
    expect(await page.locator('[data-testid="signup-modal"]').isVisible()).toBe(false);
    await page.locator('[data-testid="swipe-like"]').click();
    await page.locator('[data-testid="signup-modal"]').waitFor({ state: 'visible' });
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe('the video landers', () => {
  it('show the poster first and play muted, looping video', async () => {
    for (const name of ['video', 'transitionsvideolanding']) {
      const { page } = await fixture.open('flirtlokaal', 'en', 1280, `/landers/${name}`);
      const video = page.locator('video');
      expect(await video.getAttribute('poster')).toMatch(/-poster\.webp$/);
      await page.waitForFunction(() => {
        const element = document.querySelector('video');
        return element !== null && element.muted && element.loop && element.currentTime > 0;
      });
      await page.context().close();
    }
  });
});
