import { describe, expect, it } from 'vitest';
import { countBadge, creditBadge, showBackButton, titleWithCounts } from '~/state/badges';
import { shouldShowEntryWarning, type EntryWarningInput } from '~/state/entry-warning';

describe('navigation badges (SPEC §2, §9)', () => {
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
  const on = { standalone: true, historyLength: 3, routeId: 'routes/members.$id' };

  it('shows only in installed-app mode, with history, on the listed routes', () => {
    expect(showBackButton(on)).toBe(true);
    expect(showBackButton({ ...on, routeId: 'routes/likes.$type' })).toBe(true);
    expect(showBackButton({ ...on, routeId: 'routes/credits' })).toBe(true);
    expect(showBackButton({ ...on, standalone: false })).toBe(false);
    expect(showBackButton({ ...on, historyLength: 1 })).toBe(false);
    expect(showBackButton({ ...on, routeId: 'routes/_index' })).toBe(false);
    expect(showBackButton({ ...on, routeId: 'routes/chats' })).toBe(false);
  });
});

describe('the site-entry warning (SPEC §2)', () => {
  const visitor: EntryWarningInput = {
    loggedIn: false,
    standalone: false,
    dismissedAt: null,
    setting: 'yes',
    visitorCountry: 'NL',
    allowedCountries: null,
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
});
