// /lang-config (SPEC §2): choose the language. POST sets the `locale` cookie (365 days, SPEC §9) and
// returns to the page the visitor came from; only the tenant's visible locales are accepted.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { defineMessages, FormattedMessage } from 'react-intl';
import { metaMessage, pageMeta } from '~/components/app/page-meta';
import styled from 'styled-components';
import { Prose } from '~/components/pages/prose';
import { useLanguageChoice } from '~/state/language-choice';
import { languageCookie, safeRedirectPath } from '~/.server/i18n/language-choice';
import { isLocale, LOCALE_NAMES } from '~/shared/locales';

export function loader({ context, request }: LoaderFunctionArgs) {
  return {
    site: context.tenant.settings.name,
    current: context.locale,
    redirectTo: safeRedirectPath(new URL(request.url).searchParams.get('redirectTo')),
    locales: context.tenant.locales.map((code) => ({ code, name: LOCALE_NAMES[code] })),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const locale = String(form.get('locale') ?? '');
  const redirectTo = safeRedirectPath(String(form.get('redirectTo') ?? '/'));
  if (!isLocale(locale) || !context.tenant.locales.includes(locale)) {
    return new Response(null, { status: 303, headers: { Location: `/lang-config?redirectTo=${encodeURIComponent(redirectTo)}` } });
  }
  const secure = new URL(request.url).protocol === 'https:';
  return new Response(null, { status: 303, headers: { Location: redirectTo, 'Set-Cookie': languageCookie(locale, secure) } });
}

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
    </Prose>
  );
}
