// The home page: the tenant's name, title and description in its theme, and its newest profiles.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { ButtonLink } from '~/components/app/buttons';
import { localize } from '~/.server/tenants/localize';
import { showcaseProfiles } from '~/.server/profiles/showcase';

export async function loader({ context }: LoaderFunctionArgs) {
  const { tenant, locale, db } = context;
  return {
    name: tenant.settings.name,
    title: localize(tenant.settings.index_title, locale, tenant),
    description: localize(tenant.settings.description, locale, tenant),
    profiles: await showcaseProfiles(db, tenant, 8),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: `${data.name} – ${data.title}` }, { name: 'description', content: data.description }] : [];

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

const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(2, 1fr);
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  padding: 0;
  list-style: none;

  @media (min-width: ${({ theme }) => theme.breakpoints.md}px) {
    grid-template-columns: repeat(4, 1fr);
    gap: ${({ theme }) => theme.space(5)};
  }
`;

const Card = styled.li`
  position: relative;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.secondary};
  box-shadow: ${({ theme }) => theme.shadows.card};

  img {
    width: 100%;
    aspect-ratio: 4 / 5;
    object-fit: cover;
  }
`;

const Caption = styled.div`
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};

  strong {
    display: block;
  }

  span {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

const FictionalBadge = styled.span`
  position: absolute;
  top: ${({ theme }) => theme.space(2)};
  right: ${({ theme }) => theme.space(2)};
  display: grid;
  place-items: center;
  width: 26px;
  height: 26px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.dark};
  color: ${({ theme }) => theme.colors.onDark};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
`;

export default function Index() {
  const { name, title, description, profiles } = useLoaderData<typeof loader>();
  const intl = useIntl();
  const fictionalLabel = intl.formatMessage({ id: 'profile.fictional', defaultMessage: 'Fictional profile' });
  return (
    <main>
      <Hero>
        <Brand>{name}</Brand>
        <Title>{title}</Title>
        <Lead>{description}</Lead>
        <Cta to="/signup" $variant="light">
          <FormattedMessage id="index.cta.signup" defaultMessage="Sign up for free" />
        </Cta>
      </Hero>
      <Section aria-labelledby="newest">
        <h2 id="newest">
          <FormattedMessage id="index.newest" defaultMessage="New members" />
        </h2>
        <Grid>
          {profiles.map((profile) => (
            <Card key={profile.id}>
              <img src={profile.thumb} alt="" width={240} height={300} loading="lazy" />
              {profile.fictional ? (
                <FictionalBadge title={fictionalLabel} aria-label={fictionalLabel}>
                  F
                </FictionalBadge>
              ) : null}
              <Caption>
                <strong>
                  {profile.name}, {profile.age}
                </strong>
                <span>{profile.city}</span>
              </Caption>
            </Card>
          ))}
        </Grid>
      </Section>
    </main>
  );
}
