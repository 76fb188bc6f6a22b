// The footer (docs/product.md §2): every legal and help link; a US notice for visitors in the US who read
// English; the visitor's country and language, to change on /lang-config; a compact variant in
// installed-app mode and for members away from the home page.
import { Link, useLocation } from '@remix-run/react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import type { ShellData } from '~/shared/shell';
import { withoutDoubleFullStop } from '~/shared/text';

/** The US notice is for visitors in the US who read English (docs/product.md §2, docs/decisions/0014). */
export function showsUsNotice(shell: Pick<ShellData, 'locale' | 'visitorCountry'>): boolean {
  return shell.locale === 'en' && shell.visitorCountry === 'US';
}

const Wrapper = styled.footer`
  margin-top: auto;
  background: ${({ theme }) => theme.colors.dark};
  color: ${({ theme }) => theme.colors.onDark};
  font-size: ${({ theme }) => theme.fontSizes.sm};

  /* Installed-app mode chooses the compact footer before any script (a sleeping page, issue 48 item 15):
     the app, once awake, renders the compact variant itself (layouts.tsx useStandalone). */
  @media (display-mode: standalone) {
    &[data-compact-installed] [data-full-only] {
      display: none;
    }
  }
`;

const Inner = styled.div`
  max-width: 1140px;
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space(6)} ${theme.space(4)}`};
`;

const Links = styled.ul`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  margin: 0 0 ${({ theme }) => theme.space(5)};
  padding: 0;
  list-style: none;

  @media (min-width: ${({ theme }) => theme.breakpoints.md}px) {
    display: flex;
    flex-wrap: wrap;
  }

  a {
    color: inherit;
    opacity: 0.85;
    text-decoration: none;
  }

  a:hover {
    opacity: 1;
    text-decoration: underline;
  }
`;

const Small = styled.p`
  margin: ${({ theme }) => theme.space(2)} 0 0;
  opacity: 0.75;

  a {
    color: inherit;
  }
`;

export type FooterVariant = 'full' | 'compact';

const labels = defineMessages({
  terms: { id: 'footer.terms', defaultMessage: 'Terms and conditions' },
  privacy: { id: 'footer.privacy', defaultMessage: 'Privacy statement' },
  cookies: { id: 'footer.cookies', defaultMessage: 'Cookie policy' },
  ban: { id: 'footer.ban', defaultMessage: 'Access ban' },
  pricing: { id: 'footer.pricing', defaultMessage: 'Pricing' },
  complaints: { id: 'footer.complaints', defaultMessage: 'Complaints' },
  returnPolicy: { id: 'footer.returnPolicy', defaultMessage: 'Return policy' },
  faq: { id: 'footer.faq', defaultMessage: 'FAQ' },
  service: { id: 'footer.service', defaultMessage: 'Customer service' },
});

const FULL_LINKS = [
  ['/pages/terms', labels.terms],
  ['/pages/privacy', labels.privacy],
  ['/pages/cookies', labels.cookies],
  ['/pages/ban', labels.ban],
  ['/pricing', labels.pricing],
  ['/complaints', labels.complaints],
  ['/pages/return-policy', labels.returnPolicy],
  ['/pages/faq', labels.faq],
  ['/pages/service', labels.service],
] as const;

const COMPACT_LINKS = new Set(['/pages/terms', '/pages/privacy', '/pages/faq', '/pages/service']);

/**
 * `compactWhenInstalled`: the layout shows the compact variant in installed-app mode; the full
 * variant then marks what the compact one leaves out, for the `display-mode: standalone` rule above
 * (the server cannot know the display mode, and a sleeping page runs no script).
 */
export function Footer({ shell, variant, year, compactWhenInstalled = false }: { shell: ShellData; variant: FooterVariant; year: number; compactWhenInstalled?: boolean }) {
  const intl = useIntl();
  const { pathname, search } = useLocation();
  const links = variant === 'full' ? FULL_LINKS : FULL_LINKS.filter(([to]) => COMPACT_LINKS.has(to));
  const choice = shell.countries.length > 1 || shell.locales.length > 1;
  const country = shell.visitorCountry ? new Intl.DisplayNames([shell.locale], { type: 'region' }).of(shell.visitorCountry) : null;
  return (
    <Wrapper data-variant={variant} data-compact-installed={compactWhenInstalled && variant === 'full' ? '' : undefined}>
      <Inner>
        <nav aria-label={shell.name}>
          <Links>
            {links.map(([to, label]) => (
              <li key={to} data-full-only={COMPACT_LINKS.has(to) ? undefined : ''}>
                <Link to={to}>
                  <FormattedMessage {...label} />
                </Link>
              </li>
            ))}
          </Links>
        </nav>
        {choice ? (
          <Small data-testid="country-language">
            <Link to={`/lang-config?redirectTo=${encodeURIComponent(pathname + search)}`}>
              {country ? (
                <FormattedMessage
                  id="footer.countryAndLanguage"
                  defaultMessage="{country} · {language} – change"
                  values={{ country, language: shell.locales.find((l) => l.code === shell.locale)?.name ?? shell.locale }}
                />
              ) : (
                <FormattedMessage id="footer.chooseCountry" defaultMessage="Choose your country and language" />
              )}
            </Link>
          </Small>
        ) : null}
        {variant === 'full' && showsUsNotice(shell) ? (
          <Small data-testid="us-notice" data-full-only="">
            <FormattedMessage
              id="footer.usNotice"
              defaultMessage="For visitors from the United States: everyone shown on this website is 18 years of age or older. We do not sell or share your personal information."
            />{' '}
            <Link to="/pages/privacy">
              <FormattedMessage id="footer.usPrivacyChoices" defaultMessage="Your privacy choices" />
            </Link>
          </Small>
        ) : null}
        <Small>
          {/* "Lokaal Media B.V." before the message's full stop: one stop, not two. */}
          {withoutDoubleFullStop(
            intl.formatMessage({ id: 'footer.copyright', defaultMessage: '© {year} {company}. All rights reserved.' }, { year, company: shell.companyName }),
          )}
        </Small>
      </Inner>
    </Wrapper>
  );
}
