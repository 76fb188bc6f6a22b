// @vitest-environment jsdom
// The four layouts of docs/product.md §2: what each one puts around a page.
import { createRemixStub } from '@remix-run/testing';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import { ThemeProvider } from 'styled-components';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Layout } from '~/layouts/layouts';
import { AppStateProvider } from '~/state/app-state';
import type { LayoutName } from '~/shared/shell';
import { installBrowserShims, testShell } from '../support/jsdom-shell';
import { buildTheme } from '../../themes';

const shell = testShell({
  tenantId: 'herzklopfen',
  name: 'Herzklopfen',
  logoText: 'Herzklopfen',
  niche: 2,
  locale: 'de',
  locales: [{ code: 'de', name: 'Deutsch' }],
  fictionalWarning: { singular: 'Dieses Profil ist fiktiv.', plural: 'Profile mit diesem Symbol sind fiktiv.' },
  visitorCountry: 'DE',
  countries: ['DE', 'AT', 'CH'],
  entryWarningCountries: { default: ['DE', 'AT', 'CH'], chat: ['NL', 'DE'] },
  companyName: 'Herzklopfen Online GmbH',
});

beforeAll(installBrowserShims);

let container: HTMLDivElement | null = null;
afterEach(() => {
  container?.remove();
  container = null;
  document.cookie = 'entry_warning_dismissed=; Max-Age=0; Path=/';
});

async function renderLayout(name: LayoutName, visitorCountry: string | null = 'DE', overrides: Partial<typeof shell> = {}) {
  const Stub = createRemixStub([
    {
      path: '/',
      Component: () => (
        <IntlProvider locale="de" messages={{}} onError={() => {}}>
          <ThemeProvider theme={buildTheme(2)}>
            <AppStateProvider>
              <Layout name={name} shell={{ ...shell, visitorCountry, ...overrides }} year={2026}>
                <p id="page">page</p>
              </Layout>
            </AppStateProvider>
          </ThemeProvider>
        </IntlProvider>
      ),
    },
  ]);
  container = document.createElement('div');
  document.body.append(container);
  await act(async () => createRoot(container!).render(<Stub />));
  return container;
}

const has = (root: HTMLElement, selector: string) => root.querySelector(selector) !== null;

describe('layouts', () => {
  it('default: navigation, footer, disclaimer and the entry warning', async () => {
    const root = await renderLayout('default');
    expect(has(root, '#page')).toBe(true);
    expect(has(root, 'header nav')).toBe(true);
    expect(has(root, 'footer')).toBe(true);
    expect(root.querySelector('[data-testid="disclaimer"]')?.textContent).toContain('Profile mit diesem Symbol sind fiktiv.');
    expect(root.querySelector('dialog')?.hasAttribute('open')).toBe(true);
  });

  it('chat: bare, with the entry warning only for visitors from NL and DE', async () => {
    const fromGermany = await renderLayout('chat', 'DE');
    expect(has(fromGermany, 'header nav')).toBe(false);
    expect(has(fromGermany, 'footer')).toBe(false);
    expect(fromGermany.querySelector('dialog')?.hasAttribute('open')).toBe(true);
    container?.remove();
    const fromAustria = await renderLayout('chat', 'AT');
    expect(fromAustria.querySelector('dialog')?.hasAttribute('open')).toBe(false);
  });

  it("default: the entry warning only for visitors from the tenant's allowed countries", async () => {
    const fromUs = await renderLayout('default', 'US');
    expect(fromUs.querySelector('dialog')?.hasAttribute('open')).toBe(false);
    container?.remove();
    const everyone = await renderLayout('default', 'US', { entryWarningCountries: { default: null, chat: ['NL', 'DE'] } });
    expect(everyone.querySelector('dialog')?.hasAttribute('open')).toBe(true);
    container?.remove();
    const chatForAll = await renderLayout('chat', 'AT', { entryWarningCountries: { default: ['DE'], chat: null } });
    expect(chatForAll.querySelector('dialog')?.hasAttribute('open')).toBe(true);
  });

  it('footer: the US notice only for visitors in the US reading English', async () => {
    const usInEnglish = await renderLayout('default', 'US', { locale: 'en' });
    expect(has(usInEnglish, '[data-testid="us-notice"]')).toBe(true);
    container?.remove();
    const gbInEnglish = await renderLayout('default', 'GB', { locale: 'en' });
    expect(has(gbInEnglish, '[data-testid="us-notice"]')).toBe(false);
    container?.remove();
    const usInGerman = await renderLayout('default', 'US', { locale: 'de' });
    expect(has(usInGerman, '[data-testid="us-notice"]')).toBe(false);
  });

  it('footer: one full stop after a company name that ends in one', async () => {
    const root = await renderLayout('default', 'DE', { companyName: 'Lokaal Media B.V.' });
    const text = root.querySelector('footer')?.textContent ?? '';
    expect(text).toContain('Lokaal Media B.V. All rights reserved.');
    expect(text).not.toContain('B.V..');
  });

  it('lander: a logo bar, the footer and the disclaimer, no navigation', async () => {
    const root = await renderLayout('lander');
    expect(root.querySelector('header a')?.textContent).toBe('Herzklopfen');
    expect(has(root, 'header nav')).toBe(false);
    expect(has(root, 'footer')).toBe(true);
    expect(has(root, '[data-testid="disclaimer"]')).toBe(true);
  });

  it('empty: only the page', async () => {
    const root = await renderLayout('empty');
    expect(has(root, '#page')).toBe(true);
    expect(has(root, 'header')).toBe(false);
    expect(has(root, 'footer')).toBe(false);
    expect(has(root, '[data-testid="disclaimer"]')).toBe(false);
  });
});
