// @vitest-environment jsdom
// The profile-photo alert (SPEC §4, §6) and the navigation progress bar (SPEC §9), in jsdom.
import { createRemixStub } from '@remix-run/testing';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import { ThemeProvider } from 'styled-components';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROGRESS_HIDE_MS, useProgressPhase } from '~/components/app/navigation-progress';
import { ProfilePhotoAlert } from '~/components/nav/banners';
import { PROFILE_PHOTO_ALERT_KEY, showProfilePhotoAlert } from '~/state/alerts';
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

function alertPage(user: ShellUser | null, path = '/') {
  const Stub = createRemixStub([
    {
      path: '*',
      Component: () => (
        <IntlProvider locale="en" messages={{}} onError={() => {}}>
          <ThemeProvider theme={buildTheme(1)}>
            <AppStateProvider initial={{ user }}>
              <ProfilePhotoAlert />
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
