// One photo in the moderation queue (docs/decisions/0029): the picture, whose it is, whether others
// see it already (a `post` tenant), and the two decisions — approve, or reject with a reason from the
// fixed list the member then reads in their language. Above them, what screening made of it
// (docs/decisions/0065).
import { Form } from '@remix-run/react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { PHOTO_REJECTION_REASONS, type PendingPhotoView } from '~/shared/photo-review';
import { rejectionReasons } from '../trust/rejection-reasons';
import { LocalTime } from './local-time';
import { ScreeningScores } from './screening-scores';
import { FieldLabel, Muted, Panel, Pill, SmallButton } from './parts';

const Card = styled(Panel).attrs({ as: 'li' })`
  display: grid;
  grid-template-columns: minmax(0, 160px) minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(3)};
  align-items: start;

  @media (max-width: 560px) {
    grid-template-columns: 1fr;
  }
`;

const Picture = styled.a`
  display: block;

  img {
    display: block;
    width: 100%;
    max-width: 240px;
    height: auto;
    aspect-ratio: 1;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radii.md};
    background: #eef0f5;
  }
`;

const Body = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: end;
  gap: ${({ theme }) => theme.space(3)};
  min-width: 0;

  form {
    display: flex;
    flex-wrap: wrap;
    align-items: end;
    gap: ${({ theme }) => theme.space(2)};
    min-width: 0;
    max-width: 100%;
  }

  label {
    flex: 1 1 220px;
    min-width: 0;
  }

  select {
    width: 100%;
    max-width: 100%;
  }
`;

const State = styled(Pill)`
  white-space: normal;
`;

export function PhotoReviewCard({ photo, tenantName }: { photo: PendingPhotoView; tenantName: string | null }) {
  const intl = useIntl();
  return (
    <Card data-testid={`photo-${photo.id}`}>
      <Picture href={photo.url} target="_blank" rel="noreferrer">
        <img src={photo.thumb} alt={intl.formatMessage({ id: 'photoReview.alt', defaultMessage: 'New photo of {name}' }, { name: photo.profile.name })} width={240} height={240} />
      </Picture>
      <Body>
        <h2>
          <FormattedMessage id="photoReview.of" defaultMessage="{name} (profile {id})" values={{ name: photo.profile.name, id: photo.profile.id }} />
        </h2>
        <Muted>
          {tenantName ? `${tenantName} · ` : null}
          <LocalTime value={photo.uploadedAt} />
        </Muted>
        <div>
          {photo.public ? (
            <State $tone="warning">
              <FormattedMessage id="photoReview.live" defaultMessage="Visible to everyone already" />
            </State>
          ) : (
            <State $tone="neutral">
              <FormattedMessage id="photoReview.hidden" defaultMessage="Only its owner sees it until approved" />
            </State>
          )}
        </div>
        <ScreeningScores screening={photo.screening} />
        <Actions>
          <Form method="post">
            <input type="hidden" name="photo" value={photo.id} />
            <SmallButton type="submit" name="intent" value="approve" $variant="primary" data-testid="photo-approve">
              <FormattedMessage id="photoReview.approve" defaultMessage="Approve" />
            </SmallButton>
          </Form>
          <Form method="post" aria-label={intl.formatMessage({ id: 'photoReview.reject', defaultMessage: 'Reject' })}>
            <input type="hidden" name="photo" value={photo.id} />
            <FieldLabel>
              <FormattedMessage id="photoReview.reasonLabel" defaultMessage="Reason the member reads" />
              <select name="reason" defaultValue="nudity" data-testid="photo-reason">
                {PHOTO_REJECTION_REASONS.map((reason) => (
                  <option key={reason} value={reason}>
                    {intl.formatMessage(rejectionReasons[reason])}
                  </option>
                ))}
              </select>
            </FieldLabel>
            <SmallButton type="submit" name="intent" value="reject" $variant="danger" data-testid="photo-reject">
              <FormattedMessage id="photoReview.reject" defaultMessage="Reject" />
            </SmallButton>
          </Form>
        </Actions>
      </Body>
    </Card>
  );
}
