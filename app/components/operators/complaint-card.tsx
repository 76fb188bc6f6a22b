// One complaint, report or scam signal in the moderation queue: what it is about, the content as it
// was when it came, the claim, and the forms to claim, decide (with the statement of reasons) and close.
import { Form } from '@remix-run/react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { COMPLAINT_ACTIONS, type ComplaintView } from '~/shared/complaint-types';
import { actionNames, categoryNames } from '../trust/category-names';
import { LocalTime } from './local-time';
import { FieldLabel, Muted, Panel, Pill, SmallButton } from './parts';

const Card = styled(Panel).attrs({ as: 'li' })`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
`;

const Top = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
`;

const Quote = styled.blockquote`
  margin: 0;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  border-left: 4px solid #c5cad6;
  background: #f6f7fa;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

const DecideForm = styled(Form)`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};

  @media (min-width: ${({ theme }) => theme.breakpoints.md}px) {
    grid-template-columns: 1fr 1fr;

    label:has(textarea) {
      grid-column: 1 / -1;
    }
  }
`;

const sourceNames = {
  form: { id: 'moderation.source.form', defaultMessage: 'Complaint' },
  report: { id: 'moderation.source.report', defaultMessage: 'Member report' },
  signal: { id: 'moderation.source.signal', defaultMessage: 'Scam signal' },
} as const;

interface Evidence {
  profile?: { id: number; name: string; about: string | null };
  message?: { text: string | null; signals?: string[] | null };
  messages?: { text: string | null; signals?: string[] }[];
}

export function ComplaintCard({ complaint, tenantName }: { complaint: ComplaintView; tenantName: string | null }) {
  const intl = useIntl();
  const evidence = (complaint.evidence ?? {}) as Evidence;
  const quotes = [...(evidence.message ? [evidence.message] : []), ...(evidence.messages ?? [])];
  return (
    <Card data-testid={`complaint-${complaint.id}`}>
      <Top>
        <h2>{complaint.reference}</h2>
        <Pill $tone={complaint.source === 'signal' ? 'warning' : 'accent'}>{intl.formatMessage(sourceNames[complaint.source])}</Pill>
        <Pill>{intl.formatMessage(categoryNames[complaint.category])}</Pill>
        {tenantName ? <Muted>{tenantName}</Muted> : null}
        <Muted>
          <LocalTime value={complaint.createdAt} />
        </Muted>
      </Top>
      {complaint.profile ? (
        <p>
          <FormattedMessage id="moderation.about" defaultMessage="About {name} (profile {id})" values={{ name: <strong>{complaint.profile.name}</strong>, id: complaint.profile.id }} />
        </p>
      ) : null}
      {complaint.source !== 'signal' && complaint.description ? <Quote>{complaint.description}</Quote> : null}
      {complaint.source === 'signal' ? (
        <Muted>
          <FormattedMessage id="moderation.rules" defaultMessage="Rules matched: {rules}" values={{ rules: complaint.description }} />
        </Muted>
      ) : null}
      {quotes.map((quote, i) => (
        <Quote key={i} data-testid="evidence-message">
          {quote.text}
        </Quote>
      ))}
      {complaint.claim ? (
        <Muted data-testid="complaint-claim">
          <FormattedMessage id="moderation.claimedBy" defaultMessage="Claimed by {name} until {time}" values={{ name: complaint.claim.operator, time: <LocalTime value={complaint.claim.until} withDate={false} /> }} />
        </Muted>
      ) : null}
      {complaint.decision ? (
        <div data-testid="complaint-decision">
          <strong>{intl.formatMessage(actionNames[complaint.decision.action])}</strong> · <Muted>{complaint.decision.by}</Muted>
          <Quote>{complaint.decision.reasons}</Quote>
        </div>
      ) : null}
      {complaint.status === 'open' && !complaint.claim?.mine ? (
        <Actions>
          <Form method="post">
            <input type="hidden" name="intent" value="claim" />
            <input type="hidden" name="complaint" value={complaint.id} />
            <SmallButton type="submit" $variant="primary" data-testid="complaint-claim-button">
              <FormattedMessage id="moderation.claim" defaultMessage="Claim" />
            </SmallButton>
          </Form>
        </Actions>
      ) : null}
      {complaint.status === 'open' && complaint.claim?.mine ? (
        <DecideForm method="post" aria-label={intl.formatMessage({ id: 'moderation.decide', defaultMessage: 'Decide' })}>
          <input type="hidden" name="intent" value="decide" />
          <input type="hidden" name="complaint" value={complaint.id} />
          <FieldLabel>
            <FormattedMessage id="moderation.decision" defaultMessage="Decision" />
            <select name="decision" defaultValue="no_action">
              <option value="no_action">{intl.formatMessage({ id: 'moderation.decision.no_action', defaultMessage: 'No action: nothing against the rules' })}</option>
              <option value="action_taken">{intl.formatMessage({ id: 'moderation.decision.action_taken', defaultMessage: 'Action taken' })}</option>
            </select>
          </FieldLabel>
          <FieldLabel>
            <FormattedMessage id="moderation.action" defaultMessage="Action" />
            <select name="action" defaultValue="none">
              {COMPLAINT_ACTIONS.map((action) => (
                <option key={action} value={action}>
                  {intl.formatMessage(actionNames[action])}
                </option>
              ))}
            </select>
          </FieldLabel>
          <FieldLabel>
            <FormattedMessage id="moderation.reasons" defaultMessage="Statement of reasons (sent to the complainant, and to the member when an action was taken)" />
            <textarea name="reasons" required minLength={20} maxLength={4000} data-testid="complaint-reasons" />
          </FieldLabel>
          <div>
            <SmallButton type="submit" $variant="primary" data-testid="complaint-decide-button">
              <FormattedMessage id="moderation.decide" defaultMessage="Decide" />
            </SmallButton>
          </div>
        </DecideForm>
      ) : null}
      {complaint.status === 'decided' ? (
        <Form method="post">
          <input type="hidden" name="intent" value="close" />
          <input type="hidden" name="complaint" value={complaint.id} />
          <SmallButton type="submit" data-testid="complaint-close-button">
            <FormattedMessage id="moderation.close" defaultMessage="Close" />
          </SmallButton>
        </Form>
      ) : null}
    </Card>
  );
}
