// /operator/team: the site's operators for its admins (docs/decisions/0029) — invite an operator by
// e-mail with roles (the set-password link is mailed to them), change roles, take someone off the
// site. Everything is decided by app/.server/operators/team.ts; others get 403.
import { LocaleOptions } from '~/components/operators/locale-options';
import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { z } from 'zod';
import { LOCALES } from '~/shared/locales';
import { OPERATOR_ROLES } from '~/shared/operator-types';
import { idSchema, text, TEXT_LIMITS } from '~/shared/request-rules';
import { serverMessage } from '~/.server/i18n/messages';
import { sendLimitText } from '~/.server/trust/send-limits';
import { formAction } from '~/.server/contract/form-action';
import { consoleAction, consoleFailure, requireRole } from '~/.server/operators/console';
import { inviteOperator, listTeam, removeFromTeam, setTeamRoles, type TeamError } from '~/.server/operators/team';
import { FieldLabel, Notice, Panel, SmallButton } from '~/components/operators/parts';
import { RoleChoices, TeamList } from '~/components/operators/team-list';
import { ConsolePage, consoleMeta } from '~/components/operators/console-page';

function forbidden(locale: Parameters<typeof serverMessage>[0]): never {
  throw new Response(serverMessage(locale, 'operator.error.role'), {
    status: 403,
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
}

export async function loader({ context }: LoaderFunctionArgs) {
  const operator = requireRole(context, 'admin');
  const team = await listTeam(context.db, context.tenant, operator);
  if (!team) forbidden(operator.language);
  return {
    team,
    tenantName: context.tenant.settings.name,
    language: context.tenant.settings.domain_language.slice(0, 2),
  };
}

const roles = z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(z.enum(OPERATOR_ROLES)).max(OPERATOR_ROLES.length));
const TeamActionSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('invite'),
    email: text(TEXT_LIMITS.email),
    name: text(40).optional(),
    language: z.enum(LOCALES),
    roles,
  }),
  z.object({ intent: z.literal('roles'), operator: idSchema, roles }),
  z.object({ intent: z.literal('remove'), operator: idSchema }),
]);

const ERRORS: Record<TeamError, string> = {
  forbidden: 'operator.error.role',
  invalid_email: 'signup.error.emailInvalid',
  no_roles: 'operator.team.error.noRoles',
  not_found: 'operator.team.error.notFound',
  own_admin: 'operator.team.error.ownAdmin',
};

export const action = consoleAction(
  formAction({
    body: TeamActionSchema,
    failure: consoleFailure,
    async handle({ context, body }) {
      const operator = requireRole(context, 'admin');
      const { db, tenant, locale } = context;
      const result =
        body.intent === 'invite'
          ? await inviteOperator(db, tenant, operator, {
              email: body.email,
              name: body.name,
              language: body.language,
              roles: body.roles,
              origin: context.origin,
            })
          : body.intent === 'roles'
          ? await setTeamRoles(db, tenant, operator, {
              operator: body.operator,
              roles: body.roles,
            })
          : await removeFromTeam(db, tenant, operator, {
              operator: body.operator,
            });
      if (!result.ok) {
        if (result.error === 'forbidden') forbidden(locale);
        if (result.error === 'send_limit') return data({ ok: false, text: sendLimitText(locale, result.retryAfter) }, { status: 429 });
        return { ok: false, text: serverMessage(locale, ERRORS[result.error]) };
      }
      const done = body.intent === 'invite' ? 'operator.team.done.invite' : body.intent === 'roles' ? 'operator.team.done.roles' : 'operator.team.done.remove';
      return {
        ok: true,
        text: serverMessage(locale, done, {
          email: body.intent === 'invite' ? body.email : '',
        }),
      };
    },
  })
);

const texts = defineMessages({
  title: { id: 'operator.team.title', defaultMessage: 'Team' },
});

export const meta = consoleMeta(texts.title);


const InviteForm = styled(Form)`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};

  @media (min-width: ${({ theme }) => theme.breakpoints.md}px) {
    grid-template-columns: repeat(3, minmax(0, 1fr));
    align-items: end;
  }

  fieldset {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space(2)};
    grid-column: 1 / -1;
    margin: 0;
    padding: 0;
    border: 0;
  }

  legend {
    margin-bottom: 6px;
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: 600;
  }
`;

export default function OperatorTeam() {
  const { team, tenantName, language } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const intl = useIntl();
  return (
    <ConsolePage $width={1100}>
      <h1>
        <FormattedMessage id="operator.team.heading" defaultMessage="Team of {site}" values={{ site: tenantName }} />
      </h1>
      {result ? (
        <Notice $tone={result.ok ? 'success' : 'danger'} role={result.ok ? 'status' : 'alert'} data-testid="team-result">
          {result.text}
        </Notice>
      ) : null}
      <Panel aria-labelledby="invite-heading">
        <h2 id="invite-heading">
          <FormattedMessage id="operator.team.invite" defaultMessage="Invite an operator" />
        </h2>
        <InviteForm method="post">
          <input type="hidden" name="intent" value="invite" />
          <FieldLabel>
            <FormattedMessage id="signup.field.email" defaultMessage="E-mail address" />
            <input name="email" type="email" required autoComplete="off" data-testid="invite-email" />
          </FieldLabel>
          <FieldLabel>
            <FormattedMessage id="operator.team.name" defaultMessage="Name shown to colleagues" />
            <input name="name" maxLength={40} autoComplete="off" />
          </FieldLabel>
          <FieldLabel>
            <FormattedMessage id="operator.team.language" defaultMessage="Language of the invitation" />
            <select name="language" defaultValue={language}>
              <LocaleOptions />
            </select>
          </FieldLabel>
          <fieldset>
            <legend>
              {intl.formatMessage({
                id: 'operator.team.roles',
                defaultMessage: 'Roles',
              })}
            </legend>
            <RoleChoices selected={['answering']} idPrefix="invite-role" />
          </fieldset>
          <div>
            <SmallButton type="submit" $variant="primary" disabled={navigation.state === 'submitting'} data-testid="invite-submit">
              <FormattedMessage id="operator.team.sendInvite" defaultMessage="Send the invitation" />
            </SmallButton>
          </div>
        </InviteForm>
      </Panel>
      <TeamList team={team} />
    </ConsolePage>
  );
}
