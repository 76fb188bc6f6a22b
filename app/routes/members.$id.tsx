// /members/{id}: a profile (docs/product.md §2). Blocked viewers see only who blocked them (docs/product.md §6). ?t=<seconds>
// opens the like modal for this profile; a match's first visit offers the icebreaker modal.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { defineMessages, FormattedMessage } from 'react-intl';
import { metaMessage, pageMeta } from '~/components/app/page-meta';
import { Alert } from '~/components/forms/fields';
import { IcebreakerModal } from '~/components/likes/icebreaker-modal';
import { LikeModal } from '~/components/likes/like-modal';
import { OtherProfiles } from '~/components/members/other-profiles';
import { ProfilePage } from '~/components/members/profile-page';
import { Prose } from '~/components/pages/prose';
import { profileIdParam, profilePageAction, profilePageData } from '~/.server/members/profile-page';

export function loader({ params, context }: LoaderFunctionArgs) {
  return profilePageData(context, profileIdParam(params.id));
}

export const action = profilePageAction;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const profile = data?.page?.profile;
  if (!profile) return pageMeta(matches, data?.blockedBy ?? '');
  const age = profile.fields.age;
  const title = typeof age === 'number' ? metaMessage(matches, pageTexts.title, { name: profile.name, age }) : profile.name;
  return pageMeta(matches, title, metaMessage(matches, pageTexts.description, { name: profile.name }));
};

const pageTexts = defineMessages({
  title: { id: 'meta.profile.title', defaultMessage: '{name}, {age}' },
  description: { id: 'meta.profile.description', defaultMessage: 'The profile of {name} on {site}: photos, interests and what {name} is looking for. Sign up for free to send a message or a like.' },
});

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
