// /premium (docs/product.md §2, §6): what premium gives and how to get it — one credit bundle, no subscription.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { defineMessages, FormattedMessage } from 'react-intl';
import { metaMessage, pageMeta } from '~/components/app/page-meta';
import styled from 'styled-components';
import { useLoaderData } from '@remix-run/react';
import { ButtonLink } from '~/components/app/buttons';
import { CrownIcon } from '~/components/app/icons';
import { Inner, Page, Panel, Sub } from '~/components/credits/parts';
import { PHOTO_LIMITS } from '~/.server/members/photos';

export function loader({ context }: LoaderFunctionArgs) {
  return { premium: context.user?.paid_user ?? false, member: Boolean(context.user), photos: PHOTO_LIMITS, site: context.tenant.settings.name };
}

export const meta: MetaFunction<typeof loader> = ({ matches }) => pageMeta(matches, metaMessage(matches, pageTexts.title));

const pageTexts = defineMessages({ title: { id: 'premium.title', defaultMessage: 'Premium membership' } });

const Benefits = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0 0 ${({ theme }) => theme.space(6)};
  padding: 0;
  list-style: none;

  li {
    display: flex;
    gap: ${({ theme }) => theme.space(3)};
    align-items: flex-start;
  }

  li::before {
    content: '✓';
    flex: none;
    display: grid;
    place-items: center;
    width: 26px;
    height: 26px;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
    font-weight: 800;
  }
`;

const Crown = styled.div`
  display: grid;
  place-items: center;
  width: 64px;
  height: 64px;
  margin-bottom: ${({ theme }) => theme.space(4)};
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.dark};
  color: ${({ theme }) => theme.colors.primary};

  svg {
    width: 34px;
    height: 34px;
  }
`;

export default function Premium() {
  const { premium, member, photos } = useLoaderData<typeof loader>();
  return (
    <Page>
      <Inner $narrow>
        <Crown>
          <CrownIcon />
        </Crown>
        <h1>
          <FormattedMessage id="premium.title" defaultMessage="Premium membership" />
        </h1>
        <Sub>
          {premium ? (
            <FormattedMessage id="premium.already" defaultMessage="You are a premium member, for good." />
          ) : (
            <FormattedMessage id="premium.intro" defaultMessage="Buy any credit bundle once and you are a premium member for good. There is no subscription." />
          )}
        </Sub>
        <Panel>
          <Benefits>
            <li>
              <FormattedMessage id="premium.photos" defaultMessage="See every photo of every profile" />
            </li>
            <li>
              <FormattedMessage id="premium.uploads" defaultMessage="Upload up to {premium} photos of your own instead of {free}" values={{ premium: photos.premium, free: photos.free }} />
            </li>
            <li>
              <FormattedMessage id="premium.repeat" defaultMessage="Repeat your last order with one click" />
            </li>
            <li>
              <FormattedMessage id="premium.forGood" defaultMessage="Premium stays, even when your credits run out" />
            </li>
          </Benefits>
          <ButtonLink to={member ? '/credits' : '/signup'}>
            {member ? <FormattedMessage id="credits.title" defaultMessage="Buy credits" /> : <FormattedMessage id="index.cta.signup" defaultMessage="Sign up for free" />}
          </ButtonLink>
        </Panel>
      </Inner>
    </Page>
  );
}
