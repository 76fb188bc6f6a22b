// @vitest-environment jsdom
// The signup steps in the browser: Next does not move on while the step has empty or invalid
// fields, the errors show on that step in the visitor's language, and a mistyped e-mail domain is
// pointed out as soon as the address is entered.
import fs from 'node:fs';
import { Form } from '@remix-run/react';
import { createRemixStub } from '@remix-run/testing';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import { ThemeProvider } from 'styled-components';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SignupForm, type SignupData } from '~/components/signup/signup-form';
import { AppStateProvider } from '~/state/app-state';
import { installBrowserShims } from '../support/jsdom-shell';
import { buildTheme } from '../../themes';

const nl = JSON.parse(fs.readFileSync('locales/nl.json', 'utf8')) as Record<string, string>;
const data: SignupData = {
  open: true,
  site: 'FlirtLokaal',
  countries: ['NL', 'BE'],
  defaultCountry: 'NL',
  regions: { NL: [{ code: 'NH', name: 'Noord-Holland' }], BE: [] },
  minAge: 18,
  niche: 1,
  nicheText: null,
  nicheMinAge: 18,
  bodyTypes: null,
  locale: 'nl',
};

beforeAll(installBrowserShims);

let container: HTMLDivElement | null = null;
afterEach(() => {
  container?.remove();
  container = null;
});

async function renderForm() {
  const Stub = createRemixStub([
    {
      path: '/',
      Component: () => (
        <IntlProvider locale="nl" messages={nl}>
          <ThemeProvider theme={buildTheme(1)}>
            <AppStateProvider>
              <SignupForm data={data} result={undefined} submitting={false} FormComponent={Form} />
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

const form = () => container!.querySelector<HTMLFormElement>('[data-testid="signup-form"]')!;
const step = () => form().getAttribute('data-step');
const visibleErrors = () => [...form().querySelectorAll<HTMLElement>(`fieldset[data-step="${step()}"] [id$="-error"]`)].map((e) => e.textContent);

async function next() {
  await act(async () => container!.querySelector<HTMLButtonElement>('[data-testid="signup-next"]')!.click());
  await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
}

async function type(name: string, value: string) {
  const input = form().querySelector<HTMLInputElement>(`[name="${name}"]`)!;
  await act(async () => {
    input.focus();
    input.value = value;
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
  return input;
}

async function choose(name: string, value: string) {
  await act(async () => form().querySelector<HTMLInputElement>(`[name="${name}"][value="${value}"]`)!.click());
}

describe('the signup steps', () => {
  it('stay on step 0 until both choices are made, with the errors on the step, in Dutch', async () => {
    await renderForm();
    expect(step()).toBe('0');
    await next();
    expect(step()).toBe('0');
    expect(visibleErrors()).toEqual([nl['signup.error.choose'], nl['signup.error.choose']]);
    expect(form().querySelector('[role="radiogroup"]')?.getAttribute('aria-invalid')).toBe('true');
    await choose('gender', 'female');
    expect(visibleErrors()).toEqual([nl['signup.error.choose']]);
    await choose('seeking', 'male');
    await next();
    expect(step()).toBe('1');
  });

  it('ask for a date of birth of someone 18 or older before step 2', async () => {
    await renderForm();
    await choose('gender', 'male');
    await choose('seeking', 'female');
    await next();
    await next();
    expect(step()).toBe('1');
    expect(visibleErrors()).toEqual([nl['signup.error.dobRequired']!.replace('{min_age}', '18')]);
    expect(document.activeElement?.getAttribute('name')).toBe('date_of_birth');
    await type('date_of_birth', `${new Date().getUTCFullYear() - 10}-01-01`);
    await next();
    expect(step()).toBe('1');
    await type('date_of_birth', '1988-05-17');
    await next();
    expect(step()).toBe('2');
  });

  it('check username, e-mail and password on step 3, and point out a mistyped domain on leaving the field', async () => {
    await renderForm();
    await choose('gender', 'male');
    await choose('seeking', 'female');
    await next();
    await type('date_of_birth', '1988-05-17');
    await next();
    await next();
    expect(step()).toBe('3');
    await next();
    expect(step()).toBe('3');
    expect(visibleErrors()).toEqual([nl['signup.error.nameLength'], nl['signup.error.emailInvalid'], nl['signup.error.password']]);
    await type('name', 'anna@gmial.com');
    const email = await type('email', 'anna@gmial.com');
    await type('password', 'long enough 1');
    await next();
    expect(visibleErrors()).toEqual([nl['signup.error.nameIsEmail']]);
    await type('name', 'Anna');
    // Leaving the field shows the suggestion at once.
    await act(async () => {
      email.focus();
      email.blur();
    });
    const suggestion = form().querySelector<HTMLButtonElement>('[data-testid="email-suggestion"]');
    expect(suggestion?.textContent).toBe(nl['signup.error.didYouMean']!.replace('{suggestion}', 'anna@gmail.com'));
    await act(async () => suggestion!.click());
    expect(email.value).toBe('anna@gmail.com');
    expect(form().querySelector('[data-testid="email-suggestion"]')).toBeNull();
    await next();
    expect(step()).toBe('4');
  });

  it('show the suggestion when the visitor presses Next straight from a mistyped address, once', async () => {
    await renderForm();
    await choose('gender', 'male');
    await choose('seeking', 'female');
    await next();
    await type('date_of_birth', '1988-05-17');
    await next();
    await next();
    await type('name', 'Anna');
    await type('password', 'long enough 1');
    await type('email', 'anna@hotmial.com');
    await next();
    expect(step()).toBe('3');
    expect(form().querySelector('[data-testid="email-suggestion"]')?.textContent).toContain('anna@hotmail.com');
    await next();
    expect(step()).toBe('4');
  });

  it('do not submit the last step without the two consents', async () => {
    await renderForm();
    await choose('gender', 'male');
    await choose('seeking', 'female');
    await next();
    await type('date_of_birth', '1988-05-17');
    await next();
    await next();
    await type('name', 'Anna');
    await type('email', 'anna@example.com');
    await type('password', 'long enough 1');
    await next();
    expect(step()).toBe('4');
    // On the document: after React's own listener (on the root) has had its say.
    const submitted = new Promise<boolean>((resolve) => {
      document.addEventListener('submit', (event) => resolve(event.defaultPrevented), { once: true });
    });
    await act(async () => form().querySelector<HTMLButtonElement>('button[type="submit"]')!.click());
    expect(await submitted).toBe(true);
    expect(visibleErrors()).toEqual([nl['signup.error.terms'], nl['signup.error.consent']]);
  });
});
