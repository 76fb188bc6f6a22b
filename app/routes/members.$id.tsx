// /members/{id}: a profile (SPEC §2). Blocked viewers see only who blocked them (SPEC §6). ?t=<seconds>
// opens the like modal for this profile; a match's first visit offers the icebreaker modal.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { FormattedMessage } from 'react-intl';
import { Alert } from '~/components/forms/fields';
import { IcebreakerModal } from '~/components/likes/icebreaker-modal';
import { LikeModal } from '~/components/likes/like-modal';
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
  const page = data.page!;
  const { profile } = page;
  const interests = Array.isArray(profile.fields.interests) ? profile.fields.interests : [];
  return (
    <>
      <ProfilePage data={page} />
      {page.viewer !== 'self' ? <OtherProfiles key={profile.id} currentId={profile.id} /> : null}
      <LikeModal
        key={`like-${profile.id}`}
        profile={page.viewer !== 'self' && page.like !== 'liked' && page.like !== 'match' ? { id: profile.id, name: profile.name, photo: profile.photos[0]?.filename ?? null, fictional: profile.fictional } : null}
      />
      {page.viewer === 'member' && page.like === 'match' ? <IcebreakerModal key={`ice-${profile.id}`} profile={{ id: profile.id, name: profile.name, interests }} /> : null}
    </>
  );
}
