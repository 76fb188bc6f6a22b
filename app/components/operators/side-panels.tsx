// The conversation's shared notes (so the persona stays consistent whoever answers), its flags
// (messages that need attention; the member then sees the fictional warning again) and its audit trail.
import { Form } from '@remix-run/react';
import { FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { defineMessages } from 'react-intl';
import styled from 'styled-components';
import type { AuditRow, FlagView, NoteView, WorkspaceMessage } from '~/shared/operator-types';
import { LocalTime } from './local-time';
import { FieldLabel, Muted, Notice, Panel, Pill, SmallButton } from './parts';

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};

  form {
    display: grid;
    gap: ${({ theme }) => theme.space(2)};
  }
`;

const Items = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  max-height: 280px;
  margin: 0;
  padding: 0;
  overflow-y: auto;
  list-style: none;

  li {
    padding: ${({ theme }) => theme.space(2)};
    border-radius: ${({ theme }) => theme.radii.sm};
    background: #f6f7fa;
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }

  p {
    margin: 0 0 4px;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
`;

export function NotesPanel({ notes }: { notes: NoteView[] }) {
  const intl = useIntl();
  return (
    <Panel data-testid="notes">
      <h2>
        <FormattedMessage id="operator.notes" defaultMessage="Shared notes" />
      </h2>
      <Stack>
        {notes.length ? (
          <Items>
            {notes.map((note) => (
              <li key={note.id}>
                <p>{note.body}</p>
                <Muted>
                  {note.operator} · <LocalTime value={note.at} />
                </Muted>
              </li>
            ))}
          </Items>
        ) : (
          <Muted>
            <FormattedMessage id="operator.notes.none" defaultMessage="No notes yet. Write down what the persona said about itself and what the member told." />
          </Muted>
        )}
        <Form method="post">
          <input type="hidden" name="intent" value="note" />
          <FieldLabel>
            <FormattedMessage id="operator.notes.add" defaultMessage="New note" />
            <textarea name="note" rows={3} maxLength={2000} placeholder={intl.formatMessage({ id: 'operator.notes.placeholder', defaultMessage: 'e.g. She told him she has a dog called Max.' })} />
          </FieldLabel>
          <SmallButton type="submit" data-testid="add-note">
            <FormattedMessage id="operator.notes.save" defaultMessage="Save note" />
          </SmallButton>
        </Form>
      </Stack>
    </Panel>
  );
}

export const flagReasons: Record<FlagView['reason'], MessageDescriptor> = defineMessages({
  complaint: { id: 'operator.flag.complaint', defaultMessage: 'Complaint' },
  threat: { id: 'operator.flag.threat', defaultMessage: 'Threat' },
  meeting: { id: 'operator.flag.meeting', defaultMessage: 'Wants to meet' },
  other: { id: 'operator.flag.other', defaultMessage: 'Other' },
});

export function FlagsPanel({ flags, memberMessages }: { flags: FlagView[]; memberMessages: WorkspaceMessage[] }) {
  const intl = useIntl();
  const excerpt = (m: WorkspaceMessage) => (m.text ? (m.text.length > 50 ? `${m.text.slice(0, 49)}…` : m.text) : intl.formatMessage({ id: 'operator.message.other', defaultMessage: 'Gift or photo' }));
  return (
    <Panel data-testid="flags">
      <h2>
        <FormattedMessage id="operator.flags" defaultMessage="Needs attention" />
      </h2>
      <Stack>
        {flags.length ? (
          <>
            <Notice $tone="danger">
              <FormattedMessage id="operator.flags.warning" defaultMessage="Flagged: the member sees the fictional-profile warning again in this chat." />
            </Notice>
            <Items>
              {flags.map((flag) => (
                <li key={flag.id}>
                  <p>
                    <Pill $tone="danger">{intl.formatMessage(flagReasons[flag.reason])}</Pill> {flag.comment}
                  </p>
                  <Muted>
                    {flag.operator} · <LocalTime value={flag.at} />
                  </Muted>
                  <Form method="post">
                    <input type="hidden" name="intent" value="resolve" />
                    <input type="hidden" name="flag" value={flag.id} />
                    <SmallButton type="submit">
                      <FormattedMessage id="operator.flags.resolve" defaultMessage="Handled" />
                    </SmallButton>
                  </Form>
                </li>
              ))}
            </Items>
          </>
        ) : null}
        <Form method="post">
          <input type="hidden" name="intent" value="flag" />
          <FieldLabel>
            <FormattedMessage id="operator.flags.reason" defaultMessage="Reason" />
            <select name="reason" defaultValue="meeting">
              {(Object.keys(flagReasons) as FlagView['reason'][]).map((reason) => (
                <option key={reason} value={reason}>
                  {intl.formatMessage(flagReasons[reason])}
                </option>
              ))}
            </select>
          </FieldLabel>
          {memberMessages.length ? (
            <FieldLabel>
              <FormattedMessage id="operator.flags.message" defaultMessage="Message" />
              <select name="message" defaultValue={String(memberMessages.at(-1)!.id)}>
                {[...memberMessages].reverse().map((m) => (
                  <option key={m.id} value={m.id}>
                    {excerpt(m)}
                  </option>
                ))}
              </select>
            </FieldLabel>
          ) : null}
          <FieldLabel>
            <FormattedMessage id="operator.flags.comment" defaultMessage="Comment (optional)" />
            <input name="comment" maxLength={500} />
          </FieldLabel>
          <SmallButton type="submit" $variant="danger" data-testid="flag">
            <FormattedMessage id="operator.flags.submit" defaultMessage="Flag" />
          </SmallButton>
        </Form>
      </Stack>
    </Panel>
  );
}

// A conversation's log holds only conversation actions; the team's and complaints' actions have pages of their own.
const actionLabels: Partial<Record<AuditRow['action'], MessageDescriptor>> = defineMessages({
  login: { id: 'operator.audit.login', defaultMessage: 'logged in' },
  claim: { id: 'operator.audit.claim', defaultMessage: 'claimed' },
  release: { id: 'operator.audit.release', defaultMessage: 'released' },
  takeover: { id: 'operator.audit.takeover', defaultMessage: 'took over' },
  reply: { id: 'operator.audit.reply', defaultMessage: 'answered' },
  note: { id: 'operator.audit.note', defaultMessage: 'added a note' },
  flag: { id: 'operator.audit.flag', defaultMessage: 'flagged' },
  unflag: { id: 'operator.audit.unflag', defaultMessage: 'marked a flag handled' },
});

export function AuditPanel({ audit }: { audit: AuditRow[] }) {
  const intl = useIntl();
  return (
    <Panel data-testid="audit">
      <h2>
        <FormattedMessage id="operator.audit" defaultMessage="History" />
      </h2>
      {audit.length ? (
        <Items>
          {audit.map((row) => (
            <li key={row.id}>
              <strong>{row.operator}</strong> {actionLabels[row.action] ? intl.formatMessage(actionLabels[row.action]!) : row.action} · <LocalTime value={row.at} />
            </li>
          ))}
        </Items>
      ) : (
        <Muted>
          <FormattedMessage id="operator.audit.none" defaultMessage="Nothing yet." />
        </Muted>
      )}
    </Panel>
  );
}
