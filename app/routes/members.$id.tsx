// /members/{id}: a profile (SPEC §2). Blocked viewers see only who blocked them (SPEC §6).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { FormattedMessage } from 'react-intl';
import { Alert } from '~/components/forms/fields';
import { OtherProfiles } from '~/components/members/other-profiles';
import { ProfilePage } from '~/components/members/profile-page';
import { Prose } from '~/components/pages/prose';
import { profileIdParam, profilePageAction, profilePageData } from '~/.server/members/profile-page-data';

export function loader({ params, context }: LoaderFunctionArgs) {
  return profilePageData(context, profileIdParam(params.id));
}

export const action = profilePageAction;

export const meta: MetaFunction<typeof loader> = ({ data }) => (data && 'profile' in data && data.profile ? [{ title: data.profile.name }] : []);

export default function MemberProfile() {
  const data = useLoaderData<typeof loader>();
  if (data.blockedBy) {
    return (
      <Prose>
        <Alert data-testid="blocked">
          <FormattedMessage
            id="profile.blocked"
            defaultMessage="You're blocked by {name}. You do not have access to this page."
            values={{ name: data.blockedBy }}
          />
        </Alert>
      </Prose>
    );
  }
  return (
    <>
      <ProfilePage data={data.page!} />
      {data.page!.viewer !== 'self' ? <OtherProfiles key={data.page!.profile.id} currentId={data.page!.profile.id} /> : null}
    </>
  );
}
