// The profile screen (docs/product.md §2: members-id and likes-m-id): photos as far as the viewer may see them,
// the tenant's fields and notes, the fictional mark, and the actions. A visitor who tries an action
// or more photos gets the login-required message and the signup modal (docs/product.md §6).
import { regionLabel } from '~/shared/region-labels';
import { Form, Link, useActionData, useNavigation, useRevalidator } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { Tags } from './tags';
import { openSignupModal, useAppState } from '~/state/app-state';
import { showMatchModal } from '~/state/likes';
import { dropChatsWithProfile } from '~/state/chats';
import { Button, ButtonLink } from '../app/buttons';
import { FictionalMark } from '../app/fictional-mark';
import { ChatIcon, HeartIcon } from '../app/icons';
import { Alert } from '../forms/fields';
import { ReportAction } from '../trust/report-action';
import { fieldLabels, noteLabels, valueLabels } from './profile-labels';

export interface ProfilePageData {
  profile: {
    id: number;
    name: string;
    fictional: boolean;
    country: string;
    fields: Partial<Record<string, string | number | boolean | string[]>>;
    notes: Partial<Record<string, string>>;
    photos: { filename: string; thumb_filename: string }[];
    photosTotal: number;
  };
  viewer: 'visitor' | 'member' | 'self';
  /** docs/product.md §4 like states, between the viewer and this profile. */
  like: 'none' | 'liked' | 'liked_by_them' | 'match';
  fictionalWarning: string;
  blocked: boolean;
}

const Layout = styled.article`
  display: grid;
  gap: ${({ theme }) => theme.space(6)};
  max-width: 1140px;
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space(6)} ${theme.space(4)}`};

  @media (min-width: ${({ theme }) => theme.breakpoints.md}px) {
    grid-template-columns: minmax(0, 5fr) minmax(0, 6fr);
  }
`;

const MainPhoto = styled.img`
  width: 100%;
  aspect-ratio: 4 / 5;
  object-fit: cover;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.secondary};
`;

const Thumbs = styled.ul`
  display: grid;
  grid-template-columns: repeat(4, 1fr);
  gap: ${({ theme }) => theme.space(2)};
  margin: ${({ theme }) => theme.space(2)} 0 0;
  padding: 0;
  list-style: none;

  button {
    padding: 0;
    border: 2px solid transparent;
    border-radius: ${({ theme }) => theme.radii.sm};
    background: none;
    cursor: pointer;
    overflow: hidden;
  }

  button[aria-pressed='true'] {
    border-color: ${({ theme }) => theme.colors.primary};
  }
`;

const Details = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  align-content: start;

  h1,
  h2,
  p {
    margin: 0;
  }

  h2 {
    margin-bottom: ${({ theme }) => theme.space(2)};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

const Name = styled.h1`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  margin: 0;

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }

  dd {
    margin: 0;
    font-weight: 600;
  }
`;

const FactRow = styled.div`
  display: contents;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
`;

const Note = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const ReportLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: 600;
`;

export function ProfilePage({ data }: { data: ProfilePageData }) {
  const intl = useIntl();
  const state = useAppState();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const [current, setCurrent] = useState(0);
  const [loginRequired, setLoginRequired] = useState(false);
  const { profile } = data;
  const photo = profile.photos[current];
  const requireLogin = () => {
    setLoginRequired(true);
    openSignupModal(state);
  };
  const valueOf = (field: string, value: string | number | boolean | string[]) => {
    if (Array.isArray(value)) return null;
    const label = valueLabels[`${field}.${String(value)}`];
    return label ? intl.formatMessage(label) : String(value);
  };
  const interests = Array.isArray(profile.fields.interests) ? profile.fields.interests : [];

  return (
    <Layout data-testid="profile">
      <div>
        {photo ? <MainPhoto src={photo.filename} alt={profile.name} width={480} height={600} /> : <MainPhoto as="div" aria-hidden />}
        {profile.photos.length > 1 || profile.photosTotal > profile.photos.length ? (
          <Thumbs>
            {profile.photos.map((p, index) => (
              <li key={p.filename}>
                <button type="button" aria-pressed={index === current} onClick={() => setCurrent(index)} aria-label={`${index + 1}`}>
                  <img src={p.thumb_filename} alt="" width={120} height={150} loading="lazy" />
                </button>
              </li>
            ))}
          </Thumbs>
        ) : null}
        {profile.photosTotal > profile.photos.length ? (
          <div>
            {data.viewer === 'visitor' ? (
              <Button type="button" $variant="ghost" onClick={requireLogin} data-testid="more-photos">
                <FormattedMessage id="profile.morePhotos" defaultMessage="See {count, plural, one {# more photo} other {# more photos}}" values={{ count: profile.photosTotal - profile.photos.length }} />
              </Button>
            ) : (
              <Note>
                <FormattedMessage id="profile.premiumPhotos" defaultMessage="Premium members see all {count} photos." values={{ count: profile.photosTotal }} />
              </Note>
            )}
          </div>
        ) : null}
      </div>
      <Details>
        <Name>
          {profile.name}
          {typeof profile.fields.age === 'number' ? `, ${profile.fields.age}` : null}
          {profile.fictional ? <FictionalMark /> : null}
        </Name>
        {profile.fictional ? <Note>{data.fictionalWarning}</Note> : null}
        {loginRequired ? (
          <Alert $tone="info" role="status" data-testid="login-required">
            <FormattedMessage id="profile.loginRequired" defaultMessage="Log in or sign up for free to do this." />
          </Alert>
        ) : null}
        {data.viewer === 'visitor' ? (
          <Actions>
            <Button type="button" onClick={requireLogin}>
              <HeartIcon />
              <FormattedMessage id="profile.action.like" defaultMessage="Like" />
            </Button>
            <Button type="button" $variant="ghost" onClick={requireLogin}>
              <ChatIcon />
              <FormattedMessage id="profile.action.chat" defaultMessage="Send a message" />
            </Button>
            <Button type="button" $variant="ghost" onClick={requireLogin}>
              <FormattedMessage id="profile.action.gift" defaultMessage="Send a gift" />
            </Button>
          </Actions>
        ) : null}
        {data.viewer === 'member' ? <MemberActions data={data} busy={navigation.state === 'submitting'} /> : null}
        {Object.entries(profile.notes).map(([note, text]) => (
          <section key={note}>
            <h2>{noteLabels[note] ? intl.formatMessage(noteLabels[note]) : note}</h2>
            <p>{text}</p>
          </section>
        ))}
        <Facts>
          {Object.entries(profile.fields)
            .filter(([field]) => field !== 'interests' && field !== 'age')
            .map(([field, value]) => (
              <FactRow key={field}>
                <dt>{intl.formatMessage((field === 'region' ? regionLabel(profile.country) : null) ?? fieldLabels[field] ?? { id: field })}</dt>
                <dd>{field === 'country' ? new Intl.DisplayNames([intl.locale], { type: 'region' }).of(String(value)) : valueOf(field, value!)}</dd>
              </FactRow>
            ))}
        </Facts>
        {interests.length > 0 ? (
          <section>
            <h2>{intl.formatMessage(fieldLabels.interests!)}</h2>
            <Tags>
              {interests.map((interest) => (
                <li key={interest}>{intl.formatMessage({ id: `interest.${interest}` })}</li>
              ))}
            </Tags>
          </section>
        ) : null}
        {data.viewer === 'member' ? (
          <Form
            method="post"
            onSubmit={() => {
              // docs/product.md §4: blocking removes every conversation with that profile from the member's list at once.
              if (!data.blocked) dropChatsWithProfile(state, profile.id);
            }}
          >
            <input type="hidden" name="intent" value={data.blocked ? 'unblock' : 'block'} />
            <Button type="submit" $variant="ghost" disabled={navigation.state === 'submitting'} data-testid="block">
              {data.blocked ? (
                <FormattedMessage id="profile.unblock" defaultMessage="Unblock {name}" values={{ name: profile.name }} />
              ) : (
                <FormattedMessage id="profile.block" defaultMessage="Block {name}" values={{ name: profile.name }} />
              )}
            </Button>
          </Form>
        ) : null}
        {data.viewer === 'member' ? (
          <ReportAction profile={profile.id} name={profile.name} onBlocked={() => revalidator.revalidate()} />
        ) : (
          <ReportLink to={`/complaints?profile=${profile.id}`} data-testid="complain-link">
            <FormattedMessage id="report.button" defaultMessage="Report" />
          </ReportLink>
        )}
      </Details>
    </Layout>
  );
}

/**
 * Like (or take the like back), with the match or liked-by-them note (docs/product.md §4 like states): Like,
 * Liked, Like back and Matched are four distinct buttons. A like back opens the match modal.
 */
function MemberActions({ data, busy }: { data: ProfilePageData; busy: boolean }) {
  const intl = useIntl();
  const state = useAppState();
  const actionData = useActionData<{ ok: boolean; matched?: boolean }>();
  const liked = data.like === 'liked' || data.like === 'match';
  const name = data.profile.name;
  const photo = data.profile.photos[0]?.filename ?? null;
  const { id, fictional } = data.profile;
  useEffect(() => {
    if (actionData?.matched) showMatchModal(state.likes, { id, name, photo, fictional, kind: 'match' });
  }, [actionData, state, id, name, photo, fictional]);
  useEffect(() => {
    state.likes.states[id] = data.like;
  }, [state, id, data.like]);
  return (
    <>
      {data.like === 'match' ? (
        <Alert $tone="success" role="status" data-testid="like-state">
          <FormattedMessage id="profile.match" defaultMessage="It's a match! You and {name} like each other." values={{ name }} />
        </Alert>
      ) : data.like === 'liked_by_them' ? (
        <Alert $tone="info" role="status" data-testid="like-state">
          <FormattedMessage id="profile.likedByThem" defaultMessage="{name} likes you. Like back to make it a match." values={{ name }} />
        </Alert>
      ) : null}
      <Actions>
        <Form method="post">
          <input type="hidden" name="intent" value={liked ? 'unlike' : 'like'} />
          <Button
            type="submit"
            $variant={liked ? 'ghost' : 'primary'}
            aria-pressed={liked}
            disabled={busy}
            data-testid="like"
            data-state={data.like}
            title={liked ? intl.formatMessage({ id: 'likes.state.unlikeHint', defaultMessage: 'Take your like back' }) : undefined}
          >
            <HeartIcon />
            {data.like === 'match' ? (
              <FormattedMessage id="profile.action.matched" defaultMessage="Matched" />
            ) : data.like === 'liked' ? (
              <FormattedMessage id="profile.action.liked" defaultMessage="Liked" />
            ) : data.like === 'liked_by_them' ? (
              <FormattedMessage id="profile.action.likeBack" defaultMessage="Like back" />
            ) : (
              <FormattedMessage id="profile.action.like" defaultMessage="Like" />
            )}
          </Button>
        </Form>
        <ButtonLink to={`/members/${id}/chat`} $variant="ghost" data-testid="write">
          <ChatIcon />
          <FormattedMessage id="profile.action.chat" defaultMessage="Send a message" />
        </ButtonLink>
        <ButtonLink to={`/members/${id}/chat?gifts=1`} $variant="ghost" data-testid="gift">
          <FormattedMessage id="profile.action.gift" defaultMessage="Send a gift" />
        </ButtonLink>
      </Actions>
    </>
  );
}
