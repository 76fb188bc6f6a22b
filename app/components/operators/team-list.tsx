// The admin's team page: the site's operators with their roles (changed in place), the invitation
// form, and taking an operator off the site.
import { Form } from '@remix-run/react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { OPERATOR_ROLES, type OperatorRole, type TeamMember } from '~/shared/operator-types';
import { VisuallyHidden } from '../app/visually-hidden';
import { LocalTime } from './local-time';
import { Muted, Panel, Pill, SmallButton } from './parts';
import { roleHints, roleNames } from './role-names';

const Rows = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Row = styled(Panel).attrs({ as: 'li' })`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};

  @media (min-width: ${({ theme }) => theme.breakpoints.md}px) {
    grid-template-columns: minmax(220px, 1fr) 2fr;
    align-items: start;
  }
`;

const Who = styled.div`
  display: grid;
  gap: 4px;
  min-width: 0;

  strong {
    overflow-wrap: anywhere;
  }
`;

const RoleForm = styled(Form)`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};

  fieldset {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space(2)};
    margin: 0;
    padding: 0;
    border: 0;
  }
`;

const RemoveForm = styled(Form)`
  margin-top: ${({ theme }) => theme.space(2)};
`;

export const RoleBox = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: 36px;
  padding: 0 10px;
  border: 1px solid #c5cad6;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: #ffffff;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
  cursor: pointer;

  input {
    width: 18px;
    height: 18px;
    margin: 0;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
`;

export function RoleChoices({ selected, name = 'roles', idPrefix }: { selected: readonly OperatorRole[]; name?: string; idPrefix: string }) {
  const intl = useIntl();
  return (
    <>
      {OPERATOR_ROLES.map((role) => (
        <RoleBox key={role} title={intl.formatMessage(roleHints[role])}>
          <input type="checkbox" name={name} value={role} defaultChecked={selected.includes(role)} data-testid={`${idPrefix}-${role}`} />
          {intl.formatMessage(roleNames[role])}
        </RoleBox>
      ))}
    </>
  );
}

export function TeamList({ team }: { team: TeamMember[] }) {
  const intl = useIntl();
  return (
    <Rows data-testid="team-list">
      {team.map((member) => (
        <Row key={member.id} data-testid={`team-member-${member.id}`}>
          <Who>
            <strong>
              {member.name}{' '}
              {member.self ? (
                <Pill $tone="accent">
                  <FormattedMessage id="operator.team.you" defaultMessage="you" />
                </Pill>
              ) : null}
            </strong>
            <Muted>{member.email}</Muted>
            <Muted>
              {member.invited ? (
                <FormattedMessage id="operator.team.invited" defaultMessage="Invited, no password yet" />
              ) : member.lastLoginAt ? (
                <FormattedMessage id="operator.team.lastLogin" defaultMessage="Last login {time}" values={{ time: <LocalTime value={member.lastLoginAt} /> }} />
              ) : (
                <FormattedMessage id="operator.team.neverLoggedIn" defaultMessage="Never logged in" />
              )}
            </Muted>
          </Who>
          <div>
            <RoleForm method="post" aria-label={intl.formatMessage({ id: 'operator.team.rolesOf', defaultMessage: 'Roles of {name}' }, { name: member.name })}>
              <input type="hidden" name="intent" value="roles" />
              <input type="hidden" name="operator" value={member.id} />
              <fieldset>
                <VisuallyHidden as="legend">{intl.formatMessage({ id: 'operator.team.rolesOf', defaultMessage: 'Roles of {name}' }, { name: member.name })}</VisuallyHidden>
                <RoleChoices selected={member.roles} idPrefix={`role-${member.id}`} />
              </fieldset>
              <SmallButton type="submit" data-testid={`save-roles-${member.id}`}>
                <FormattedMessage id="operator.team.saveRoles" defaultMessage="Save roles" />
              </SmallButton>
            </RoleForm>
            {member.self ? null : (
              <RemoveForm method="post">
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="operator" value={member.id} />
                <SmallButton type="submit" $variant="danger" data-testid={`remove-${member.id}`}>
                  <FormattedMessage id="operator.team.remove" defaultMessage="Remove from this site" />
                </SmallButton>
              </RemoveForm>
            )}
          </div>
        </Row>
      ))}
    </Rows>
  );
}
