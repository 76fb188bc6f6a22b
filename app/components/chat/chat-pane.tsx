// The conversation pane of a chat page: the conversation, or — for a member the other has blocked —
// only who blocked them (docs/product.md §6).
import { FormattedMessage } from 'react-intl';
import styled from 'styled-components';
import { Alert } from '~/components/forms/fields';
import type { GiftView } from '~/shared/chat-types';
import { Conversation, type ConversationData } from './conversation';

const Blocked = styled.div`
  padding: ${({ theme }) => theme.space(6)};
`;

type PaneData = { kind: 'chat'; chat: ConversationData; gifts: GiftView[] } | { kind: 'blocked'; name: string };

export function ChatPane({ data, minimumCost, fictionalWarning }: { data: PaneData; minimumCost: { costs: number; currency: string } | null; fictionalWarning: string }) {
  if (data.kind === 'blocked') {
    return (
      <Blocked>
        <Alert data-testid="blocked">
          <FormattedMessage id="profile.blocked" defaultMessage="You're blocked by {name}. You do not have access to this page." values={{ name: data.name }} />
        </Alert>
      </Blocked>
    );
  }
  return <Conversation key={data.chat.profile.id} data={data.chat} gifts={data.gifts} minimumCost={minimumCost} fictionalWarning={fictionalWarning} />;
}
