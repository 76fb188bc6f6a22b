// /members/{id}/signup (docs/product.md §2 members-id-signup): signing up in the context of one profile — the
// profile's card beside the signup form. A profile that does not exist, or that this visitor may
// not see, is the 404 page; a member goes straight to the profile.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, redirect, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { defineMessages, FormattedMessage } from 'react-intl';
import styled from 'styled-components';
import { FictionalMark } from '~/components/app/fictional-mark';
import { metaMessage, pageMeta } from '~/components/app/page-meta';
import { Card, PageBackdrop } from '~/components/forms/fields';
import { SignupForm } from '~/components/signup/signup-form';
import { viewProfile } from '~/.server/members/profile';
import { profileIdParam } from '~/.server/members/profile-page';
import { signupPageAction, signupPageData } from '~/.server/signup/signup-page';
import { localize } from '~/.server/tenants/localize';

export async function loader({ params, context }: LoaderFunctionArgs) {
  const id = profileIdParam(params.id);
  const result = await viewProfile(context.db, context.tenant, { user: null }, id);
  if (!result.ok) throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
  if (context.user) throw redirect(`/members/${id}`);
  const { profile } = result;
  const { fields } = profile;
  return {
    form: await signupPageData(context),
    profile: {
      id: profile.id,
      name: profile.name,
      age: typeof fields.age === 'number' ? fields.age : null,
      place: [fields.city, fields.region].find((value): value is string => typeof value === 'string' && value !== '') ?? null,
      photo: profile.main_image?.filename ?? null,
      fictional: profile.fictional,
      fictionalWarning: localize(context.tenant.settings.fictional_warning.singular, context.locale, context.tenant),
    },
  };
}

export const action = signupPageAction('/signup-matches', { inProfileContext: true });

const texts = defineMessages({
  heading: { id: 'memberSignup.title', defaultMessage: 'Sign up for free to meet {name}' },
  description: { id: 'meta.memberSignup.description', defaultMessage: 'Create your free account at {site} to send {name} a message or a like.' },
});

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data ? pageMeta(matches, metaMessage(matches, texts.heading, { name: data.profile.name }), metaMessage(matches, texts.description, { name: data.profile.name })) : [];

const Columns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
  max-width: 960px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space(6)} 0;

  @media (min-width: ${({ theme }) => theme.breakpoints.md}px) {
    grid-template-columns: minmax(0, 5fr) minmax(0, 6fr);
    align-items: start;
  }

  > section {
    width: 100%;
    margin: 0;
  }
`;

const ProfileCard = styled.aside`
  display: grid;
  grid-template-columns: 96px minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(4)};
  align-items: start;
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.background};
  box-shadow: ${({ theme }) => theme.shadows.card};

  img,
  .placeholder {
    width: 96px;
    height: auto;
    aspect-ratio: 4 / 5;
    border-radius: ${({ theme }) => theme.radii.md};
    object-fit: cover;
    background: ${({ theme }) => theme.colors.secondary};
  }

  h2 {
    display: flex;
    gap: ${({ theme }) => theme.space(2)};
    align-items: center;
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }

  p {
    margin: ${({ theme }) => theme.space(1)} 0 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }

  @media (min-width: ${({ theme }) => theme.breakpoints.md}px) {
    position: sticky;
    top: 88px;
    grid-template-columns: 1fr;
    padding: ${({ theme }) => theme.space(5)};

    img,
    .placeholder {
      width: 100%;
    }
  }
`;

export default function MemberSignup() {
  const { form, profile } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <PageBackdrop>
      <Columns>
        <ProfileCard data-testid="signup-profile" aria-labelledby="signup-profile-name">
          {profile.photo ? <img src={profile.photo} alt="" width={320} height={400} /> : <div className="placeholder" aria-hidden />}
          <div>
            <h2 id="signup-profile-name">
              {profile.age !== null ? `${profile.name}, ${profile.age}` : profile.name}
              {profile.fictional ? <FictionalMark /> : null}
            </h2>
            {profile.place ? <p>{profile.place}</p> : null}
            <p>
              <FormattedMessage id="memberSignup.lead" defaultMessage="Create your free account to send {name} a message or a like." values={{ name: profile.name }} />
            </p>
            {profile.fictional ? <p>{profile.fictionalWarning}</p> : null}
          </div>
        </ProfileCard>
        <Card>
          <SignupForm
            data={form}
            result={result}
            submitting={navigation.state === 'submitting'}
            FormComponent={Form}
            action={`/members/${profile.id}/signup`}
            heading={<FormattedMessage id="memberSignup.title" defaultMessage="Sign up for free to meet {name}" values={{ name: profile.name }} />}
          />
        </Card>
      </Columns>
    </PageBackdrop>
  );
}
