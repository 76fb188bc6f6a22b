// The chat's Report dialog on a received message (issue 25 item 2, docs/decisions/0029): the same
// report form as the profile's Report action, with the message attached; "also block" blocks the
// sender and leaves the conversation, which blocking removes from the member's list.
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import styled from 'styled-components';
import { Button } from '../app/buttons';
import { DialogBody, Modal } from '../modals/modal';
import { ReportForm } from '../trust/report-action';

const Body = styled(DialogBody)`
  h2 {
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }

  p {
    color: ${({ theme }) => theme.colors.textMuted};
  }

  blockquote {
    margin: 0;
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
    border-left: 3px solid ${({ theme }) => theme.colors.border};
    color: ${({ theme }) => theme.colors.text};
    overflow-wrap: anywhere;
    white-space: pre-wrap;
  }
`;

export function ReportMessageDialog({
  message,
  profile,
  onClose,
  onBlocked,
}: {
  message: { id: number; text: string | null } | null;
  profile: { id: number; name: string };
  onClose: () => void;
  /** After the member also blocked the sender, when they close the dialog: the conversation is gone. */
  onBlocked: () => void;
}) {
  const [blocked, setBlocked] = useState(false);
  const close = () => (blocked ? onBlocked() : onClose());
  return (
    <Modal open={message !== null} onClose={close} labelledBy="report-message-title">
      <Body data-testid="report-message-dialog">
        <h2 id="report-message-title">
          <FormattedMessage id="chat.report.title" defaultMessage="Report this message from {name}" values={{ name: profile.name }} />
        </h2>
        {message?.text ? <blockquote>{message.text.length > 280 ? `${message.text.slice(0, 280)}…` : message.text}</blockquote> : null}
        <p>
          <FormattedMessage id="chat.report.intro" defaultMessage="Our moderators see the message as it is now. {name} is not told who reported it." values={{ name: profile.name }} />
        </p>
        {message ? <ReportForm key={message.id} profile={profile.id} name={profile.name} message={message.id} onBlocked={() => setBlocked(true)} idPrefix="message-report" /> : null}
        <div>
          <Button type="button" $variant="ghost" onClick={close} data-testid="report-message-close">
            <FormattedMessage id="chat.close" defaultMessage="Close" />
          </Button>
        </div>
      </Body>
    </Modal>
  );
}
