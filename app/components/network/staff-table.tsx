// The console's staff page (docs/network-console.md, docs/decisions/0051): every staff member with
// role, status, second step and last sign-in, the controls an admin has for each (none on their own
// row for disabling or demoting themselves), and the invitation form. Plain form posts: they work
// without script and answer 303 back to /staff.
import { Form, useLocation } from '@remix-run/react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import type { NetworkRole } from '~/shared/network-types';
import { ConsoleMain, ROLE_NAMES } from './console-shell';
import { Controls, DangerButton, Flash, SecondaryButton, Table, TableBox } from './admin-parts';
import { Card, Field, Muted, PrimaryButton } from './parts';

export interface StaffRow {
  id: number;
  email: string;
  name: string;
  role: NetworkRole;
  status: 'active' | 'disabled';
  invited: boolean;
  totp: boolean;
  last_login_at: string | null;
}

const ROLES: readonly NetworkRole[] = ['network_admin', 'network_analyst'];

const texts = defineMessages({
  title: { id: 'network.staff.title', defaultMessage: 'Staff' },
});

/** A moment as the console shows it: the staff member's language, in UTC (the same on server and browser). */
export function When({ iso }: { iso: string | null }) {
  const intl = useIntl();
  if (!iso) return <>–</>;
  return <time dateTime={iso}>{`${intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })} UTC`}</time>;
}

function RoleOptions() {
  const intl = useIntl();
  return (
    <>
      {ROLES.map((role) => (
        <option key={role} value={role}>
          {intl.formatMessage(ROLE_NAMES[role])}
        </option>
      ))}
    </>
  );
}

const Person = styled.th`
  min-width: 180px;

  span {
    display: block;
    font-weight: 400;
    color: ${({ theme }) => theme.colors.textMuted};
    overflow-wrap: anywhere;
  }
`;

function StaffMember({ member, self }: { member: StaffRow; self: boolean }) {
  const intl = useIntl();
  const name = { name: member.name };
  return (
    <tr data-staff={member.email}>
      <Person scope="row">
        {member.name}
        <span>{member.email}</span>
      </Person>
      <td>
        {self ? (
          intl.formatMessage(ROLE_NAMES[member.role])
        ) : (
          <Controls>
            <Form method="post" action={`/staff/${member.id}/role`}>
              <select name="role" aria-label={intl.formatMessage({ id: 'network.staff.roleOf', defaultMessage: 'Role of {name}' }, name)} defaultValue={member.role}>
                <RoleOptions />
              </select>
              <SecondaryButton type="submit">
                <FormattedMessage id="network.staff.changeRole" defaultMessage="Change role" />
              </SecondaryButton>
            </Form>
          </Controls>
        )}
      </td>
      <td>
        {member.status === 'disabled' ? (
          <FormattedMessage id="network.staff.disabled" defaultMessage="Disabled" />
        ) : member.invited ? (
          <FormattedMessage id="network.staff.invited" defaultMessage="Invited, no password yet" />
        ) : (
          <FormattedMessage id="network.staff.active" defaultMessage="Active" />
        )}
      </td>
      <td>
        {member.totp ? (
          <FormattedMessage id="network.staff.totpOn" defaultMessage="Authenticator app" />
        ) : (
          <FormattedMessage id="network.staff.totpOff" defaultMessage="Code by e-mail" />
        )}
      </td>
      <td>
        <When iso={member.last_login_at} />
      </td>
      <td>
        <Controls>
          {!self && member.status === 'active' ? (
            <Form method="post" action={`/staff/${member.id}/disable`}>
              <DangerButton type="submit" aria-label={intl.formatMessage({ id: 'network.staff.disableOf', defaultMessage: 'Disable {name}' }, name)}>
                <FormattedMessage id="network.staff.disable" defaultMessage="Disable" />
              </DangerButton>
            </Form>
          ) : null}
          {!self && member.status === 'disabled' ? (
            <Form method="post" action={`/staff/${member.id}/enable`}>
              <SecondaryButton type="submit" aria-label={intl.formatMessage({ id: 'network.staff.enableOf', defaultMessage: 'Enable {name}' }, name)}>
                <FormattedMessage id="network.staff.enable" defaultMessage="Enable" />
              </SecondaryButton>
            </Form>
          ) : null}
          {member.totp ? (
            <Form method="post" action={`/staff/${member.id}/reset-totp`}>
              <SecondaryButton type="submit" aria-label={intl.formatMessage({ id: 'network.staff.resetTotpOf', defaultMessage: 'Remove the authenticator app of {name}' }, name)}>
                <FormattedMessage id="network.staff.resetTotp" defaultMessage="Remove authenticator" />
              </SecondaryButton>
            </Form>
          ) : null}
        </Controls>
      </td>
    </tr>
  );
}

export function StaffTable({ staff, actorId }: { staff: readonly StaffRow[]; actorId: number }) {
  const intl = useIntl();
  return (
    <TableBox label={intl.formatMessage(texts.title)}>
      <Table>
        <thead>
          <tr>
            <th scope="col">
              <FormattedMessage id="network.staff.col.name" defaultMessage="Name" />
            </th>
            <th scope="col">
              <FormattedMessage id="network.staff.col.role" defaultMessage="Role" />
            </th>
            <th scope="col">
              <FormattedMessage id="network.staff.col.status" defaultMessage="Status" />
            </th>
            <th scope="col">
              <FormattedMessage id="network.staff.col.secondStep" defaultMessage="Second step" />
            </th>
            <th scope="col">
              <FormattedMessage id="network.staff.col.lastLogin" defaultMessage="Last sign-in" />
            </th>
            <th scope="col">
              <FormattedMessage id="network.staff.col.actions" defaultMessage="Actions" />
            </th>
          </tr>
        </thead>
        <tbody>
          {staff.map((member) => (
            <StaffMember key={member.id} member={member} self={member.id === actorId} />
          ))}
        </tbody>
      </Table>
    </TableBox>
  );
}

const FieldError = styled.span`
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 600;
`;

const InviteFields = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(3)};

  @media (min-width: ${({ theme }) => theme.breakpoints.md}px) {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

/** The invitation form; `refused` names the fields the edge rule refused (a control character), with their text. */
export function InviteForm({ refused = {} }: { refused?: Record<string, string> }) {
  const problem = (field: string) =>
    refused[field] ? (
      <FieldError id={`invite-${field}-error`}>{`${field}: ${refused[field]}`}</FieldError>
    ) : null;
  const invalid = (field: string) => (refused[field] ? { 'aria-invalid': true as const, 'aria-describedby': `invite-${field}-error` } : {});
  return (
    <Form method="post" action="/staff/invite">
      <InviteFields>
        <Field>
          <FormattedMessage id="network.staff.name" defaultMessage="Name" />
          <input name="name" required maxLength={100} autoComplete="off" {...invalid('name')} />
          {problem('name')}
        </Field>
        <Field>
          <FormattedMessage id="network.login.email" defaultMessage="E-mail address" />
          <input type="email" name="email" required maxLength={254} autoComplete="off" {...invalid('email')} />
          {problem('email')}
        </Field>
        <Field>
          <FormattedMessage id="network.staff.role" defaultMessage="Role" />
          <select name="role" defaultValue="network_analyst">
            <RoleOptions />
          </select>
        </Field>
      </InviteFields>
      <PrimaryButton type="submit">
        <FormattedMessage id="network.staff.invite" defaultMessage="Send invitation" />
      </PrimaryButton>
      <Muted>
        <FormattedMessage
          id="network.staff.inviteNote"
          defaultMessage="They receive an e-mail with a link to choose their own password (valid for 72 hours). You never see or set it."
        />
      </Muted>
    </Form>
  );
}

const Rule = styled(Muted)`
  margin-top: ${({ theme }) => theme.space(3)};
`;

/** The whole staff page: what the last action did, the list, the rule, the invitation. */
export function StaffPage({ staff, actorId, refused }: { staff: readonly StaffRow[]; actorId: number; refused?: Record<string, string> }) {
  // A new form after each answer: the invitation just sent is not left filled in.
  const { key } = useLocation();
  return (
    <ConsoleMain>
      <Flash />
      <Card>
        <h1>
          <FormattedMessage id="network.staff.title" defaultMessage="Staff" />
        </h1>
        <StaffTable staff={staff} actorId={actorId} />
        <Rule>
          <FormattedMessage
            id="network.staff.rule"
            defaultMessage="Nobody can disable or change the role of their own account, and the network always keeps one active network admin."
          />
        </Rule>
      </Card>
      <Card>
        <h2>
          <FormattedMessage id="network.staff.inviteTitle" defaultMessage="Invite a colleague" />
        </h2>
        <InviteForm key={key} refused={refused} />
      </Card>
    </ConsoleMain>
  );
}
