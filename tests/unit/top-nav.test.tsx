// @vitest-environment jsdom
// The member navigation as a member sees it: badges, credits or Get Premium, the account menu.
import { createRemixStub } from '@remix-run/testing';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import { ThemeProvider } from 'styled-components';
import fs from 'node:fs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '~/shared/locales';
import { TopNav } from '~/components/nav/top-nav';
import { AppStateProvider, type AppState } from '~/state/app-state';
import type { ShellData } from '~/shared/shell';
import { installBrowserShims, testShell } from '../support/jsdom-shell';
import { buildTheme } from '../../themes';

const shell = testShell();

beforeAll(installBrowserShims);

let container: HTMLDivElement | null = null;
afterEach(() => {
  container?.remove();
  container = null;
});

async function renderNav(initial: Partial<AppState>, chosenShell: ShellData = shell) {
  const Stub = createRemixStub([
    { path: '/profile', Component: () => <p id="profile-page">profile</p> },
    {
      path: '/',
      Component: () => (
        <IntlProvider locale="en" messages={{}} onError={() => {}}>
          <ThemeProvider theme={buildTheme(1)}>
            <AppStateProvider initial={initial}>
              <TopNav shell={chosenShell} />
            </AppStateProvider>
          </ThemeProvider>
        </IntlProvider>
      ),
    },
  ]);
  container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => root.render(<Stub />));
  return container;
}

const member = { name: 'Anna', credits: 50, paid_user: false };

describe('top navigation', () => {
  it('shows a visitor the Login button and the language menu', async () => {
    const nav = await renderNav({});
    expect(nav.querySelector('a[href="/login"]')?.textContent).toBe('Login');
    expect(nav.querySelector('[data-testid="language-menu"]')).not.toBeNull();
    expect(nav.querySelector('a[href="/chats"]')).toBeNull();
  });

  it('hides the language menu when the tenant shows one language', async () => {
    const nav = await renderNav({}, { ...shell, locales: [{ code: 'en', name: 'English' }] });
    expect(nav.querySelector('[data-testid="language-menu"]')).toBeNull();
  });

  it('shows a member search, messages, likes and the account menu', async () => {
    const nav = await renderNav({ user: member });
    for (const href of ['/members', '/chats', '/likes', '/profile', '/notifications']) {
      expect(nav.querySelector(`a[href="${href}"]`), href).not.toBeNull();
    }
    expect(nav.textContent).toContain('My profile');
    expect(nav.textContent).toContain('Settings');
    expect(nav.textContent).toContain('Logout');
    expect(nav.querySelector('a[href="/login"]')).toBeNull();
  });

  it('caps the unread and new-like badges at 99+', async () => {
    const nav = await renderNav({ user: member, totalUnreadMessages: 120, totalNewLikes: 7 });
    expect(nav.querySelector('[data-testid="unread-badge"]')?.textContent).toBe('99+');
    expect(nav.querySelector('[data-testid="likes-badge"]')?.textContent).toBe('7');
  });

  it('shows no badge at 0', async () => {
    const nav = await renderNav({ user: member });
    expect(nav.querySelector('[data-testid="unread-badge"]')).toBeNull();
    expect(nav.querySelector('[data-testid="likes-badge"]')).toBeNull();
  });

  it('offers a free member Get Premium instead of credits', async () => {
    const nav = await renderNav({ user: member });
    expect(nav.querySelector('a[href="/premium"]')?.textContent).toContain('Get Premium');
    expect(nav.querySelector('a[href="/credits"]')).toBeNull();
  });

  it('shows a paid member the credits, with a warning badge at 10 or fewer and danger at 0', async () => {
    const plenty = await renderNav({ user: { ...member, paid_user: true, credits: 40 } });
    expect(plenty.querySelector('a[href="/credits"]')?.textContent).toContain('40 credits');
    expect(plenty.querySelector('[data-testid="credits-badge"]')).toBeNull();
    container?.remove();
    const low = await renderNav({ user: { ...member, paid_user: true, credits: 10 } });
    expect(low.querySelector('[data-testid="credits-badge"]')?.getAttribute('data-tone')).toBe('warning');
    container?.remove();
    const none = await renderNav({ user: { ...member, paid_user: true, credits: 0 } });
    expect(none.querySelector('[data-testid="credits-badge"]')?.getAttribute('data-tone')).toBe('danger');
  });
});

describe('the navigation menus', () => {
  const open = (menu: HTMLElement) => (menu as HTMLDetailsElement).open;
  const toggle = async (menu: HTMLElement) => act(async () => menu.querySelector('summary')!.click());

  it('close the account menu after an item is chosen', async () => {
    const nav = await renderNav({ user: member });
    const menu = nav.querySelector<HTMLElement>('[data-testid="account-menu"]')!;
    await toggle(menu);
    expect(open(menu)).toBe(true);
    await act(async () => menu.querySelector<HTMLAnchorElement>('a[href="/profile"]')!.click());
    expect(open(menu)).toBe(false);
  });

  it('close on Escape, giving the focus back to the menu button', async () => {
    const nav = await renderNav({ user: member });
    const menu = nav.querySelector<HTMLElement>('[data-testid="account-menu"]')!;
    await toggle(menu);
    menu.querySelector<HTMLAnchorElement>('a')!.focus();
    await act(async () => document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    expect(open(menu)).toBe(false);
    expect(document.activeElement).toBe(menu.querySelector('summary'));
  });

  it('close on a click or tap outside them, and stay open for one inside', async () => {
    const nav = await renderNav({ user: member });
    const menu = nav.querySelector<HTMLElement>('[data-testid="language-menu"]')!;
    await toggle(menu);
    await act(async () => menu.querySelector('ul')!.dispatchEvent(new Event('pointerdown', { bubbles: true })));
    expect(open(menu)).toBe(true);
    await act(async () => document.body.dispatchEvent(new Event('pointerdown', { bubbles: true })));
    expect(open(menu)).toBe(false);
  });

  it('name the language menu by what it shows (WCAG 2.5.3): "Language" and the current code', async () => {
    const nav = await renderNav({});
    const summary = nav.querySelector('[data-testid="language-menu"] summary')!;
    expect(summary.getAttribute('aria-label')).toBeNull();
    expect(summary.textContent).toBe('Languageen');
  });

  it('show the member\'s name in the account menu from 1200 px (CSS), always named Account', async () => {
    const nav = await renderNav({ user: member });
    const summary = nav.querySelector('[data-testid="account-menu"] summary')!;
    expect(summary.getAttribute('aria-label')).toBeNull();
    expect(summary.textContent).toBe('AccountAnna');
  });
});

describe('the phone tab labels', () => {
  it.each(LOCALES)('%s: each short label is part of the full one, so the link is named by what it shows', (locale) => {
    const messages = JSON.parse(fs.readFileSync(`locales/${locale}.json`, 'utf8')) as Record<string, string>;
    for (const id of ['nav.search', 'nav.getPremium']) {
      expect(messages[id]!.toLowerCase(), id).toContain(messages[`${id}.short`]!.toLowerCase());
    }
  });
});
