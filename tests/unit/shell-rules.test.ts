import { describe, expect, it } from 'vitest';
import { countBadge, creditBadge, showBackButton, siteHistoryDepth, titleWithCounts } from '~/state/badges';
import { defaultLayoutCountries, shouldShowEntryWarning, type EntryWarningInput } from '~/shared/entry-warning';

describe('navigation badges (docs/product.md §2, §9)', () => {
  it('hides a count of 0 and shows 99+ above 99', () => {
    expect(countBadge(0)).toBeNull();
    expect(countBadge(1)).toBe('1');
    expect(countBadge(99)).toBe('99');
    expect(countBadge(100)).toBe('99+');
    expect(countBadge(4711)).toBe('99+');
  });

  it('shows the credit badge at 10 credits or fewer: warning above 0, danger at 0', () => {
    expect(creditBadge(11)).toBeNull();
    expect(creditBadge(10)).toBe('warning');
    expect(creditBadge(1)).toBe('warning');
    expect(creditBadge(0)).toBe('danger');
  });

  it('prefixes the page title with unread messages plus new likes when above 0', () => {
    expect(titleWithCounts('Herzklopfen', 0, 0)).toBe('Herzklopfen');
    expect(titleWithCounts('Herzklopfen', 2, 3)).toBe('(5) Herzklopfen');
  });
});

describe('the Back button', () => {
  const on = { standalone: true, siteHistory: 2, routeId: 'routes/members.$id' };

  it('shows only in installed-app mode, with history, on the listed routes', () => {
    expect(showBackButton(on)).toBe(true);
    expect(showBackButton({ ...on, routeId: 'routes/likes.$type' })).toBe(true);
    expect(showBackButton({ ...on, routeId: 'routes/credits' })).toBe(true);
    expect(showBackButton({ ...on, standalone: false })).toBe(false);
    expect(showBackButton({ ...on, siteHistory: 0 })).toBe(false);
    expect(showBackButton({ ...on, routeId: 'routes/_index' })).toBe(false);
    expect(showBackButton({ ...on, routeId: 'routes/chats' })).toBe(false);
  });

  // Issue 34 item 17: a tab opened on about:blank has history.length 2 on its first page of the site.
  it('counts only the history the site made: the first page of a tab has none, whatever came before', () => {
    expect(siteHistoryDepth({ idx: 0, key: 'default', usr: null })).toBe(0);
    expect(siteHistoryDepth(null)).toBe(0);
    expect(siteHistoryDepth({ something: 'else' })).toBe(0);
    expect(siteHistoryDepth({ idx: 2, key: 'k', usr: null })).toBe(2);
    expect(showBackButton({ ...on, siteHistory: siteHistoryDepth({ idx: 0 }) })).toBe(false);
    expect(showBackButton({ ...on, siteHistory: siteHistoryDepth({ idx: 1 }) })).toBe(true);
  });
});

describe('the site-entry warning (docs/product.md §2)', () => {
  const visitor: EntryWarningInput = {
    loggedIn: false,
    standalone: false,
    dismissedAt: null,
    setting: 'yes',
    visitorCountry: 'NL',
    allowedCountries: null,
    path: '/',
  };

  it('shows to a logged-out visitor who has not dismissed it', () => {
    expect(shouldShowEntryWarning(visitor)).toBe(true);
  });

  it('does not show to members, in installed-app mode, after dismissal, or when the tenant turns it off', () => {
    expect(shouldShowEntryWarning({ ...visitor, loggedIn: true })).toBe(false);
    expect(shouldShowEntryWarning({ ...visitor, standalone: true })).toBe(false);
    expect(shouldShowEntryWarning({ ...visitor, dismissedAt: Date.now() })).toBe(false);
    expect(shouldShowEntryWarning({ ...visitor, setting: 'no' })).toBe(false);
  });

  it('on the chat layout shows only to visitors from NL and DE', () => {
    const chat = { ...visitor, allowedCountries: ['NL', 'DE'] };
    expect(shouldShowEntryWarning({ ...chat, visitorCountry: 'NL' })).toBe(true);
    expect(shouldShowEntryWarning({ ...chat, visitorCountry: 'DE' })).toBe(true);
    expect(shouldShowEntryWarning({ ...chat, visitorCountry: 'GB' })).toBe(false);
    expect(shouldShowEntryWarning({ ...chat, visitorCountry: null })).toBe(false);
  });

  // Issue 34 item 19: a DSA notice must be reachable without entering the site.
  it('never covers the complaint form', () => {
    expect(shouldShowEntryWarning({ ...visitor, path: '/complaints' })).toBe(false);
    expect(shouldShowEntryWarning({ ...visitor, path: '/complaints/' })).toBe(false);
    expect(shouldShowEntryWarning({ ...visitor, path: '/login' })).toBe(true);
  });

  // Issue 34 item 19: a chat link sends a visitor to /login, whose default layout knew only the tenant's countries.
  it('on /login reached from a chat link also applies the chat layout\'s countries', () => {
    const countries = { default: ['NL', 'BE'], chat: ['NL', 'DE'] };
    expect(defaultLayoutCountries(countries, '')).toEqual(['NL', 'BE']);
    const fromChat = defaultLayoutCountries(countries, '?from=chat');
    expect(fromChat).toEqual(['NL', 'BE', 'DE']);
    expect(shouldShowEntryWarning({ ...visitor, path: '/login', visitorCountry: 'DE', allowedCountries: fromChat })).toBe(true);
    expect(defaultLayoutCountries({ default: null, chat: ['NL'] }, '?from=chat')).toBeNull();
  });
});
