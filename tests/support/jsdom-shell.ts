// Shared set-up for component tests in jsdom: a shell like the root loader gives, and the browser
// APIs jsdom lacks (matchMedia, <dialog>).
import type { ShellData } from '~/shared/shell';

export function testShell(overrides: Partial<ShellData> = {}): ShellData {
  return {
    tenantId: 'flirtlokaal',
    name: 'FlirtLokaal',
    logoText: 'FlirtLokaal',
    niche: 1,
    themeOverrides: {},
    locale: 'en',
    locales: [
      { code: 'nl', name: 'Nederlands' },
      { code: 'en', name: 'English' },
    ],
    fictionalIcon: true,
    fictionalWarning: { singular: 'This profile is fictional.', plural: 'Profiles with this icon are fictional.' },
    entryWarning: 'yes',
    visitorCountry: 'NL',
    countries: ['NL', 'BE'],
    entryWarningCountries: { default: ['NL', 'BE'], chat: ['NL', 'DE'] },
    companyName: 'Lokaal Media B.V.',
    description: '',
    ...overrides,
  };
}

export function installBrowserShims(): void {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}
