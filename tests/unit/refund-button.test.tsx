// @vitest-environment jsdom
// Issue 34 item 4: after a successful return of unused credits, the "Return credits" button leaves
// the purchase's page at once — also when the quote loaded again still reads as refundable (a
// refund the provider has not settled yet, or a revalidation that has not arrived), so that nobody
// is invited to press it a second time.
import fs from 'node:fs';
import { createRemixStub } from '@remix-run/testing';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import { ThemeProvider } from 'styled-components';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import Transactions from '~/routes/transactions.($id)';
import { AppStateProvider } from '~/state/app-state';
import { installBrowserShims } from '../support/jsdom-shell';
import { buildTheme } from '../../themes';

const en = JSON.parse(fs.readFileSync('locales/en.json', 'utf8')) as Record<string, string>;

const detail = {
  list: null,
  refundMessage: null,
  detail: {
    payment: {
      id: 7,
      provider_id: 'sbx_1',
      order_number: 'R-1007',
      status: 'paid',
      charged_back_at: null,
      amount: 1995,
      price: 1995,
      fee: 0,
      discount: 0,
      discount_code: null,
      currency: 'EUR',
      credits: 50,
      package: 'small',
      method: 'ideal',
      country: 'NL',
      checkout_url: null,
      refunded_credits: 0,
      refunded_amount: 0,
      created_at: '2026-11-20T10:00:00.000Z',
      paid_at: '2026-11-20T10:01:00.000Z',
    },
    refunds: [],
    // The quote as the loader gives it, before and after the action (a stale or pending refund).
    refund: { credits: 50, amount: 1995, deadline: '2026-12-04T10:01:00.000Z', refusal: null },
  },
};

let root: Root | null = null;
let container: HTMLDivElement | null = null;

beforeAll(() => installBrowserShims());
afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = null;
  container = null;
});

describe('the purchase page after a return of credits', () => {
  it('shows the confirmation and no second Return button', async () => {
    const Stub = createRemixStub([
      {
        path: '/transactions/:id',
        Component: () => (
          <IntlProvider locale="en" messages={en} onError={() => {}}>
            <ThemeProvider theme={buildTheme(1)}>
              <AppStateProvider>
                <Transactions />
              </AppStateProvider>
            </ThemeProvider>
          </IntlProvider>
        ),
        loader: () => detail,
        action: () => ({ ok: true, message: '50 credits returned.' }),
      },
    ]);
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    await act(async () => root!.render(<Stub initialEntries={['/transactions/7']} />));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    const button = () => container!.querySelector<HTMLButtonElement>('[data-testid="refund"]');
    expect(button()).not.toBeNull();
    await act(async () => button()!.click());
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(container.textContent).toContain('50 credits returned.');
    expect(button()).toBeNull();
  });
});
