// /signup-matches: right after signing up, people from the tenant's pool who fit what the new member
// seeks, nearest country first; then on to the completion step.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import type { RouteHandle } from '~/shared/shell';
import { fictionalIn } from '~/shared/shell';
import { redirect, useLoaderData } from '@remix-run/react';
import { defineMessages, FormattedMessage } from 'react-intl';
import { metaMessage, pageMeta } from '~/components/app/page-meta';
import styled from 'styled-components';
import { ButtonLink } from '~/components/app/buttons';
import { ProfileGrid } from '~/components/members/profile-grid';
import { showcaseProfiles } from '~/.server/profiles/showcase';
import { soughtGenders } from '~/.server/likes/fit';

export async function loader({ context }: LoaderFunctionArgs) {
  const { db, tenant, user } = context;
  if (!user?.profile_id) throw redirect('/login');
  const me = await db.selectFrom('profiles').select(['gender', 'sexuality', 'country']).where('id', '=', user.profile_id).executeTakeFirstOrThrow();
  const sought = soughtGenders(me);
  const seeking = sought.length === 1 ? sought[0] : undefined;
  return { profiles: await showcaseProfiles(db, tenant, 12, { seeking, country: me.country }) };
}

const Wrapper = styled.section`
  max-width: 1140px;
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space(8)} ${theme.space(4)}`};

  > a {
    margin-top: ${({ theme }) => theme.space(6)};
  }
`;

const pageTexts = defineMessages({
  title: { id: 'signupMatches.title', defaultMessage: 'People you may like' },
});

// The disclaimer speaks of one fictional profile or of several (issue 48 item 10).
export const handle: RouteHandle = { fictionalProfiles: (data) => fictionalIn((data as { profiles?: { fictional: boolean }[] }).profiles) };

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, metaMessage(matches, pageTexts.title));

export default function SignupMatches() {
  const { profiles } = useLoaderData<typeof loader>();
  return (
    <Wrapper data-testid="signup-matches">
      <h1>
        <FormattedMessage id="signupMatches.title" defaultMessage="People you may like" />
      </h1>
      <p>
        <FormattedMessage id="signupMatches.intro" defaultMessage="They are looking too. Confirm your e-mail address and say hello!" />
      </p>
      <ProfileGrid profiles={profiles} />
      <ButtonLink to="/complete-signup">
        <FormattedMessage id="signupMatches.continue" defaultMessage="Continue" />
      </ButtonLink>
    </Wrapper>
  );
}
