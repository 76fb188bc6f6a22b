// The photo list of My profile (/profile): each photo with its buttons, a "waiting for review" mark
// on a photo others do not see yet, and the notice about photos a moderator rejected — the reason in
// the member's language — until they dismiss it (docs/decisions/0029).
import { Form } from '@remix-run/react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import type { PhotoRejectionView } from '~/shared/photo-review';
import { Alert } from '../forms/fields';
import { rejectionReasons } from '../trust/rejection-reasons';
import { Photos } from './own-profile-parts';

export interface OwnPhoto {
  id: number;
  thumb: string;
  /** Others do not see it until a moderator approves it. */
  hidden: boolean;
}

const Pending = styled.span`
  justify-self: start;
  padding: 2px 8px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.background};
  border: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Rejected = styled(Alert)`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};

  ul {
    margin: 0;
    padding-left: 1.2em;
  }

  form button {
    padding: 0;
    border: 0;
    background: none;
    color: inherit;
    font: inherit;
    font-weight: 600;
    text-decoration: underline;
    cursor: pointer;
  }
`;

export function PhotoRejections({ rejections }: { rejections: PhotoRejectionView[] }) {
  const intl = useIntl();
  if (!rejections.length) return null;
  return (
    <Rejected $tone="danger" role="alert" data-testid="photo-rejections">
      <strong>
        <FormattedMessage id="myProfile.rejected.title" defaultMessage="{count, plural, one {A photo was removed by our moderators} other {# photos were removed by our moderators}}" values={{ count: rejections.length }} />
      </strong>
      <ul>
        {rejections.map((rejection) => (
          <li key={rejection.id} data-testid="photo-rejection">
            <FormattedMessage
              id="myProfile.rejected.item"
              defaultMessage="{date}: {reason}"
              values={{ date: intl.formatDate(rejection.at, { dateStyle: 'medium' }), reason: intl.formatMessage(rejectionReasons[rejection.reason]) }}
            />
          </li>
        ))}
      </ul>
      <span>
        <FormattedMessage id="myProfile.rejected.help" defaultMessage="The photo has been deleted. You are welcome to upload another one that follows our rules." />
      </span>
      <Form method="post">
        <button type="submit" name="intent" value="dismiss">
          <FormattedMessage id="myProfile.rejected.dismiss" defaultMessage="Understood, hide this notice" />
        </button>
      </Form>
    </Rejected>
  );
}

export function OwnPhotos({ photos, mainId }: { photos: OwnPhoto[]; mainId: number | null }) {
  return (
    <Photos>
      {photos.map((photo) => (
        <li key={photo.id} data-main={photo.id === mainId}>
          <img src={photo.thumb} alt="" width={120} height={150} />
          {photo.hidden ? (
            <Pending data-testid="photo-pending">
              <FormattedMessage id="myProfile.pending" defaultMessage="Waiting for review: only you can see it" />
            </Pending>
          ) : null}
          <Form method="post">
            <input type="hidden" name="photo" value={photo.id} />
            {photo.id !== mainId && !photo.hidden ? (
              <button type="submit" name="intent" value="main">
                <FormattedMessage id="myProfile.makeMain" defaultMessage="Make main photo" />
              </button>
            ) : null}
            <button type="submit" name="intent" value="delete">
              <FormattedMessage id="myProfile.delete" defaultMessage="Delete" />
            </button>
          </Form>
        </li>
      ))}
    </Photos>
  );
}
