// The claim of the open conversation: claim it (10 minutes, so nobody else answers), renew or
// release one's own, see who else holds it, take it over once it ran out.
import { Form } from '@remix-run/react';
import { FormattedMessage } from 'react-intl';
import styled from 'styled-components';
import type { ClaimView } from '~/shared/operator-types';
import { LocalTime } from './local-time';
import { Pill, SmallButton } from './parts';

const Bar = styled.div<{ $mine: boolean }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  border: 1px solid ${({ $mine }) => ($mine ? '#9bd3b2' : '#dfe2ea')};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ $mine }) => ($mine ? '#eefaf3' : '#ffffff')};

  form {
    display: flex;
    gap: 6px;
  }
`;

export function ClaimBar({ claim, minutes }: { claim: ClaimView | null; minutes: number }) {
  const mine = claim?.mine ?? false;
  return (
    <Bar $mine={mine} data-testid="claim-bar">
      <span>
        {!claim ? (
          <FormattedMessage id="operator.claim.none" defaultMessage="Claim the conversation to answer it: nobody else can for {minutes} minutes." values={{ minutes }} />
        ) : mine ? (
          <strong>
            <FormattedMessage id="operator.claim.yours" defaultMessage="You hold this conversation until {time}." values={{ time: <LocalTime value={claim.until} withDate={false} /> }} />
          </strong>
        ) : (
          <Pill $tone="warning">
            <FormattedMessage id="operator.claim.held" defaultMessage="{name} is answering (until {time})." values={{ name: claim.operator, time: <LocalTime value={claim.until} withDate={false} /> }} />
          </Pill>
        )}
      </span>
      <Form method="post">
        {!claim ? (
          <SmallButton type="submit" name="intent" value="claim" $variant="primary" data-testid="claim">
            <FormattedMessage id="operator.claim.claim" defaultMessage="Claim" />
          </SmallButton>
        ) : mine ? (
          <>
            <SmallButton type="submit" name="intent" value="claim" data-testid="renew">
              <FormattedMessage id="operator.claim.renew" defaultMessage="{minutes} more minutes" values={{ minutes }} />
            </SmallButton>
            <SmallButton type="submit" name="intent" value="release" data-testid="release">
              <FormattedMessage id="operator.claim.release" defaultMessage="Release" />
            </SmallButton>
          </>
        ) : null}
      </Form>
    </Bar>
  );
}
