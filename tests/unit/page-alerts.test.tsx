// @vitest-environment jsdom
// The profile-photo alert (docs/product.md §4, §6) and the navigation progress bar (docs/product.md §9), in jsdom.
import { createRemixStub } from '@remix-run/testing';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import { ThemeProvider } from 'styled-components';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROGRESS_HIDE_MS, useProgressPhase } from '~/components/app/navigation-progress';
import { MailOffPageAlert, ProfilePhotoAlert } from '~/components/nav/banners';
import { dismissalCookie, dismissedPageAlerts, MAIL_OFF_ALERT_KEY, PROFILE_PHOTO_ALERT_KEY, PUSH_ALERT_KEY, showMailOffAlert, showProfilePhotoAlert, showPushAlert } from '~/state/alerts';
import { AppStateProvider, type ShellUser } from '~/state/app-state';
import { installBrowserShims } from '../support/jsdom-shell';
import { buildTheme } from '../../themes';

beforeAll(installBrowserShims);

let container: HTMLDivElement | null = null;
let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  container = null;
  root = null;
});

async function render(node: ReactNode) {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root!.render(node));
  return container;
}

function alertPage(user: ShellUser | null, path = '/', Alert: () => ReactNode = ProfilePhotoAlert) {
  const Stub = createRemixStub([
    {
      path: '*',
      Component: () => (
        <IntlProvider locale="en" messages={{}} onError={() => {}}>
          <ThemeProvider theme={buildTheme(1)}>
            <AppStateProvider initial={{ user }}>
              <Alert />
            </AppStateProvider>
          </ThemeProvider>
        </IntlProvider>
      ),
    },
  ]);
  return <Stub initialEntries={[path]} />;
}

const noPhoto: ShellUser = { name: 'Anna', credits: 0, paid_user: false, photo: false };

describe('the profile-photo alert', () => {
  beforeEach(() => window.localStorage.clear());

  it('asks a member without a photo to add one, linking to /profile', async () => {
    const page = await render(alertPage(noPhoto));
    const alert = page.querySelector('[data-testid="photo-alert"]');
    expect(alert?.textContent).toContain('Add a profile photo');
    expect(alert?.querySelector('a')?.getAttribute('href')).toBe('/profile');
  });

  it('is not shown to a visitor, to a member with a photo, nor on /profile itself', async () => {
    expect((await render(alertPage(null))).querySelector('[data-testid="photo-alert"]')).toBeNull();
    expect((await render(alertPage({ ...noPhoto, photo: true }))).querySelector('[data-testid="photo-alert"]')).toBeNull();
    expect((await render(alertPage(noPhoto, '/profile'))).querySelector('[data-testid="photo-alert"]')).toBeNull();
  });

  it('stores the time it was dismissed and stays hidden from then on', async () => {
    vi.useFakeTimers({ now: new Date('2026-06-01T10:00:00Z'), toFake: ['Date'] });
    try {
      const page = await render(alertPage(noPhoto));
      await act(async () => page.querySelector<HTMLButtonElement>('[data-testid="photo-alert"] button')!.click());
      expect(page.querySelector('[data-testid="photo-alert"]')).toBeNull();
      expect(window.localStorage.getItem(PROFILE_PHOTO_ALERT_KEY)).toBe(String(Date.parse('2026-06-01T10:00:00Z')));
    } finally {
      vi.useRealTimers();
    }
    act(() => root?.unmount());
    container?.remove();
    expect((await render(alertPage(noPhoto))).querySelector('[data-testid="photo-alert"]')).toBeNull();
  });

  it('follows the SPEC rule', () => {
    const base = { loggedIn: true, hasPhoto: false, dismissedAt: null, onProfilePage: false };
    expect(showProfilePhotoAlert(base)).toBe(true);
    expect(showProfilePhotoAlert({ ...base, dismissedAt: 1 })).toBe(false);
    expect(showProfilePhotoAlert({ ...base, loggedIn: false })).toBe(false);
  });
});

describe('the disabled-notifications alert', () => {
  beforeEach(() => window.localStorage.clear());
  const member = (mailOff: string[]): ShellUser => ({ name: 'Anna', credits: 0, paid_user: false, photo: true, mailOff });
  const alertOf = async (user: ShellUser | null, path = '/') => (await render(alertPage(user, path, MailOffPageAlert))).querySelector('[data-testid="mail-off-alert"]');

  it('tells a member why notification mail is off and what to do, linking to the notifications page', async () => {
    const bounce = await alertOf(member(['bounce']));
    expect(bounce?.textContent).toContain('could not be delivered');
    expect(bounce?.textContent).toContain('Check your e-mail address');
    expect(bounce?.querySelector('a')?.getAttribute('href')).toBe('/notifications');
    act(() => root?.unmount());
    container?.remove();
    const fbl = await alertOf(member(['fbl']));
    expect(fbl?.textContent).toContain('marked one of our e-mails as spam');
    expect(fbl?.textContent).toContain('Turn e-mail notifications back on');
  });

  it('is not shown without a reason, to a visitor, nor on the notifications page (which says it itself)', async () => {
    expect(await alertOf(member([]))).toBeNull();
    expect(await alertOf(null)).toBeNull();
    expect(await alertOf(member(['listunsubscribe']), '/notifications')).toBeNull();
  });

  it('stores the time it was dismissed and stays hidden', async () => {
    const page = await render(alertPage(member(['listunsubscribe']), '/', MailOffPageAlert));
    await act(async () => page.querySelector<HTMLButtonElement>('[data-testid="mail-off-alert"] button')!.click());
    expect(page.querySelector('[data-testid="mail-off-alert"]')).toBeNull();
    expect(Number(window.localStorage.getItem(MAIL_OFF_ALERT_KEY))).toBeGreaterThan(0);
    act(() => root?.unmount());
    container?.remove();
    expect(await alertOf(member(['listunsubscribe']))).toBeNull();
  });

  it('follows the SPEC rules, as does the push alert', () => {
    const base = { loggedIn: true, reasons: ['fbl'], dismissedAt: null, onNotificationsPage: false };
    expect(showMailOffAlert(base)).toBe(true);
    expect(showMailOffAlert({ ...base, dismissedAt: 1 })).toBe(false);
    const push = { loggedIn: true, capable: true, subscribed: false, permission: 'default' as const, dismissedAt: null, onNotificationsPage: false };
    expect(showPushAlert(push)).toBe(true);
    expect(showPushAlert({ ...push, permission: 'denied' })).toBe(false);
    expect(showPushAlert({ ...push, subscribed: true })).toBe(false);
    expect(showPushAlert({ ...push, capable: false })).toBe(false);
    expect(showPushAlert({ ...push, dismissedAt: 5 })).toBe(false);
    expect(showPushAlert({ ...push, onNotificationsPage: true })).toBe(false);
  });
});

function Progress({ busy }: { busy: boolean }) {
  return <p id="phase">{useProgressPhase(busy)}</p>;
}

describe('the navigation progress bar', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows while a navigation runs and hides 500 ms after it ends', async () => {
    const page = await render(<Progress busy={false} />);
    const phase = () => page.querySelector('#phase')!.textContent;
    expect(phase()).toBe('hidden');
    await act(async () => root!.render(<Progress busy />));
    expect(phase()).toBe('loading');
    await act(async () => root!.render(<Progress busy={false} />));
    expect(phase()).toBe('done');
    await act(async () => vi.advanceTimersByTime(PROGRESS_HIDE_MS - 1));
    expect(phase()).toBe('done');
    await act(async () => vi.advanceTimersByTime(1));
    expect(phase()).toBe('hidden');
  });

  it('starts over when the next navigation begins before it hid', async () => {
    const page = await render(<Progress busy />);
    const phase = () => page.querySelector('#phase')!.textContent;
    await act(async () => root!.render(<Progress busy={false} />));
    await act(async () => vi.advanceTimersByTime(200));
    await act(async () => root!.render(<Progress busy />));
    await act(async () => vi.advanceTimersByTime(PROGRESS_HIDE_MS));
    expect(phase()).toBe('loading');
  });
});

describe('the page alerts\' dismissal cookies', () => {
  it('reads each alert\'s timestamp from a Cookie header, and nothing that is not a timestamp', () => {
    expect(dismissedPageAlerts(`locale=en; ${PROFILE_PHOTO_ALERT_KEY}=1764288000000; rdv_session=abc`)).toEqual({ [PROFILE_PHOTO_ALERT_KEY]: 1764288000000 });
    expect(dismissedPageAlerts(`${PUSH_ALERT_KEY}=5;${MAIL_OFF_ALERT_KEY}=7`)).toEqual({ [PUSH_ALERT_KEY]: 5, [MAIL_OFF_ALERT_KEY]: 7 });
    for (const header of [null, '', `${PROFILE_PHOTO_ALERT_KEY}=`, `${PROFILE_PHOTO_ALERT_KEY}=0`, `${PROFILE_PHOTO_ALERT_KEY}=12ab`, `x${PROFILE_PHOTO_ALERT_KEY}=5`, `${PROFILE_PHOTO_ALERT_KEY}=${'9'.repeat(40)}`]) {
      expect(dismissedPageAlerts(header), String(header)).toEqual({});
    }
  });

  it('keeps a dismissal for a year on the whole site, Secure on https', () => {
    expect(dismissalCookie(PROFILE_PHOTO_ALERT_KEY, 1764288000000.5, false)).toBe(`${PROFILE_PHOTO_ALERT_KEY}=1764288000000; Max-Age=31536000; Path=/; SameSite=Lax`);
    expect(dismissalCookie(PUSH_ALERT_KEY, 5, true)).toMatch(/; Secure$/);
  });

  it('is written with localStorage when the member dismisses the alert', async () => {
    window.localStorage.clear();
    document.cookie = `${PROFILE_PHOTO_ALERT_KEY}=; Max-Age=0; Path=/`;
    const page = await render(alertPage(noPhoto));
    await act(async () => page.querySelector<HTMLButtonElement>('[data-testid="photo-alert"] button')!.click());
    expect(dismissedPageAlerts(document.cookie)[PROFILE_PHOTO_ALERT_KEY]).toBeGreaterThan(0);
    document.cookie = `${PROFILE_PHOTO_ALERT_KEY}=; Max-Age=0; Path=/`;
  });
});
