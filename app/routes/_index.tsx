// The home page: the tenant's name, title and description in its theme, and its newest profiles.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import type { MouseEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import styled from 'styled-components';
import { ButtonLink } from '~/components/app/buttons';
import { ProfileGrid } from '~/components/members/profile-grid';
import { localize } from '~/.server/tenants/localize';
import { showcaseProfiles } from '~/.server/profiles/showcase';
import { openSignupModal, useAppState } from '~/state/app-state';
import { useSnapshot } from 'valtio';
import type { RouteHandle } from '~/shared/shell';

export async function loader({ context }: LoaderFunctionArgs) {
  const { tenant, locale, db } = context;
  return {
    name: tenant.settings.name,
    title: localize(tenant.settings.index_title, locale, tenant),
    description: localize(tenant.settings.description, locale, tenant),
    profiles: await showcaseProfiles(db, tenant, 8),
  };
}

// Asleep for visitors until they act (docs/decisions/0042); a member's page hydrates at once.
export const handle: RouteHandle = { hydrate: 'visitors' };

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  // docs/product.md §3: index_title is the home page's title, as the tenant wrote it (it names the site itself where it wants to).
  data ? [{ title: data.title }, { name: 'description', content: data.description }] : [];

const Hero = styled.header`
  padding: ${({ theme }) => `${theme.space(10)} ${theme.space(5)} ${theme.space(12)}`};
  background: linear-gradient(135deg, ${({ theme }) => theme.colors.primary} 0%, ${({ theme }) => theme.colors.dark} 100%);
  color: ${({ theme }) => theme.colors.onPrimary};
  text-align: center;

  @media (min-width: ${({ theme }) => theme.breakpoints.md}px) {
    padding: ${({ theme }) => `${theme.space(20)} ${theme.space(8)}`};
  }
`;

const Brand = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  font-family: ${({ theme }) => theme.fonts.heading};
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: 800;
  letter-spacing: 0.02em;
`;

const Title = styled.h1`
  max-width: 22ch;
  margin: 0 auto ${({ theme }) => theme.space(4)};
  font-size: ${({ theme }) => theme.fontSizes.xxl};

  @media (min-width: ${({ theme }) => theme.breakpoints.md}px) {
    font-size: 3rem;
  }
`;

const Lead = styled.p`
  max-width: 40rem;
  margin: 0 auto;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  opacity: 0.92;
`;

const Cta = styled(ButtonLink)`
  margin-top: ${({ theme }) => theme.space(6)};
  min-width: 220px;
`;

const Section = styled.section`
  max-width: 1140px;
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space(8)} ${theme.space(4)}`};
`;

export default function Index() {
  const { name, title, description, profiles } = useLoaderData<typeof loader>();
  const state = useAppState();
  const { user } = useSnapshot(state);
  // With JavaScript the signup modal opens over the home page; without it, the /signup page.
  const openSignup = (event: MouseEvent) => {
    event.preventDefault();
    openSignupModal(state);
  };
  // The layout holds the page's <main>: this is its content.
  return (
    <>
      <Hero>
        <Brand>{name}</Brand>
        <Title>{title}</Title>
        <Lead>{description}</Lead>
        {user ? (
          <Cta to="/members" $variant="light" data-testid="hero-members">
            <FormattedMessage id="nav.search" defaultMessage="Search members" />
          </Cta>
        ) : (
          <Cta to="/signup" $variant="light" onClick={openSignup} data-testid="hero-signup">
            <FormattedMessage id="index.cta.signup" defaultMessage="Sign up for free" />
          </Cta>
        )}
      </Hero>
      <Section aria-labelledby="newest">
        <h2 id="newest">
          <FormattedMessage id="index.newest" defaultMessage="New members" />
        </h2>
        <ProfileGrid profiles={profiles} />
      </Section>
    </>
  );
}
