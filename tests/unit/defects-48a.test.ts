// Issue 48 (round 3 of defects), helper i48a's items that are pure functions.
import { describe, expect, it } from 'vitest';
import { description } from '~/.server/payments/payments';
import { loadTenants } from '~/.server/tenants/registry';

const bella = loadTenants('tenants').find((t) => t.id === 'bellacurva')!;

describe('item 13: the checkout text in the member’s language', () => {
  it('describes a BellaCurva order in French to a French member, and in English to an English one', () => {
    expect(description(bella, 20, 'R13-1', 'fr')).toBe(`${bella.settings.name} : 20 crédits, commande R13-1`);
    expect(description(bella, 50, 'R13-2', 'en')).toBe(`${bella.settings.name}: 50 credits, order R13-2`);
    expect(description(bella, 20, 'R13-3', 'xx')).toBe(`${bella.settings.name}: 20 credits, order R13-3`);
  });
});
