// /lang-config (docs/product.md §2): choose the language and the country. POST sets the `locale` cookie (365
// days, docs/product.md §9) or the `country` cookie (settings.geoip_selected_country) and returns to the page
// the visitor came from; only the tenant's visible locales and its countries are accepted.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { metaMessage, pageMeta } from '~/components/app/page-meta';
import styled from 'styled-components';
import { Prose } from '~/components/pages/prose';
import { countryCookie, viewerCountry } from '~/.server/geo/selected-country';
import { useLanguageChoice } from '~/state/language-choice';
import { languageCookie, safeRedirectPath } from '~/.server/i18n/language-choice';
import { isLocale, LOCALE_NAMES } from '~/shared/locales';
import { z } from 'zod';
import { formAction } from '~/.server/contract/form-action';

export async function loader({ context, request }: LoaderFunctionArgs) {
  return {
    site: context.tenant.settings.name,
    current: context.locale,
    redirectTo: safeRedirectPath(new URL(request.url).searchParams.get('redirectTo')),
    locales: context.tenant.locales.map((code) => ({ code, name: LOCALE_NAMES[code] })),
    countries: context.tenant.settings.countries,
    country: await viewerCountry(context.db, context.tenant, { user: context.user }, context.visitor.country, request.headers.get('Cookie')),
  };
}

export const action = formAction({
  body: z.object({ locale: z.string().max(8).optional(), country: z.string().max(2).optional(), redirectTo: z.string().max(2000).optional() }),
  failure: () => new Response(null, { status: 303, headers: { Location: '/lang-config' } }),
  handle({ context, body }) {
    const redirectTo = safeRedirectPath(body.redirectTo ?? '/');
    const again = { Location: `/lang-config?redirectTo=${encodeURIComponent(redirectTo)}` };
    if (body.country !== undefined) {
      const cookie = countryCookie(context.tenant, body.country, context.secure);
      return new Response(null, { status: 303, headers: cookie ? { Location: redirectTo, 'Set-Cookie': cookie } : again });
    }
    const locale = body.locale ?? '';
    if (!isLocale(locale) || !context.tenant.locales.includes(locale)) return new Response(null, { status: 303, headers: again });
    return new Response(null, { status: 303, headers: { Location: redirectTo, 'Set-Cookie': languageCookie(locale, context.secure) } });
  },
});

export const meta: MetaFunction<typeof loader> = ({ matches }) =>
  pageMeta(matches, metaMessage(matches, pageTexts.title), metaMessage(matches, pageTexts.description));

const pageTexts = defineMessages({
  title: { id: 'langConfig.title', defaultMessage: 'Language' },
  description: { id: 'meta.langConfig.description', defaultMessage: 'Choose the language in which {site} shows its pages.' },
});

const Choices = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  margin: ${({ theme }) => theme.space(6)} 0 0;
  padding: 0;
  list-style: none;

  @media (min-width: ${({ theme }) => theme.breakpoints.sm}px) {
    grid-template-columns: repeat(2, 1fr);
  }

  button {
    width: 100%;
    min-height: 56px;
    padding: 0 ${({ theme }) => theme.space(4)};
    border: 2px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
    font-weight: 600;
    text-align: left;
    cursor: pointer;
  }

  button[aria-current='true'],
  button:hover {
    border-color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.secondary};
  }
`;

export default function LanguageChoice() {
  const data = useLoaderData<typeof loader>();
  const intl = useIntl();
  const names = new Intl.DisplayNames([intl.locale], { type: 'region' });
  const onSubmit = useLanguageChoice();
  return (
    <Prose>
      <h1>
        <FormattedMessage id="langConfig.title" defaultMessage="Language" />
      </h1>
      <p>
        <FormattedMessage id="langConfig.intro" defaultMessage="Choose the language in which you want to use {site}." values={{ site: data.site }} />
      </p>
      <Form method="post" reloadDocument onSubmit={onSubmit}>
        <input type="hidden" name="redirectTo" value={data.redirectTo} />
        <Choices>
          {data.locales.map((locale) => (
            <li key={locale.code}>
              <button type="submit" name="locale" value={locale.code} lang={locale.code} aria-current={locale.code === data.current}>
                {locale.name}
              </button>
            </li>
          ))}
        </Choices>
      </Form>
      {data.countries.length > 1 ? (
        <>
          <h2 id="country-choice">
            <FormattedMessage id="langConfig.countryTitle" defaultMessage="Country" />
          </h2>
          <p>
            <FormattedMessage
              id="langConfig.countryIntro"
              defaultMessage="Choose the country you live in. {site} uses it for the notices and prices that apply there."
              values={{ site: data.site }}
            />
          </p>
          <Form method="post" reloadDocument aria-labelledby="country-choice" data-testid="country-choice">
            <input type="hidden" name="redirectTo" value={data.redirectTo} />
            <Choices>
              {data.countries.map((code) => (
                <li key={code}>
                  <button type="submit" name="country" value={code} aria-current={code === data.country}>
                    {names.of(code)}
                  </button>
                </li>
              ))}
            </Choices>
          </Form>
        </>
      ) : null}
    </Prose>
  );
}
