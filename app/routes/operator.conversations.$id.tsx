// /operator/conversations/{id}: answering one member (docs/decisions/0021) — claim, the whole
// conversation, the reply composer (text, photo, gift), the member's card (no e-mail address), the
// persona's facts, photos and interests, shared notes, flags and history. Another tenant's or two
// members' conversation answers 404.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { now } from '~/.server/clock';
import { CLAIM_MINUTES, claimConversation, releaseConversation } from '~/.server/operators/claims';
import { claimErrorText, consoleAction, firstProblem, giftCatalogue, newClientId, operatorTenants, replyDeps, replyErrorText, requireRole } from '~/.server/operators/console';
import { FlagSchema, flagConversation, resolveFlag } from '~/.server/operators/flags';
import { addNote, NoteSchema } from '~/.server/operators/notes';
import { replyAsProfile, ReplySchema } from '~/.server/operators/reply';
import { operatorWorkspace } from '~/.server/operators/workspace';
import { ConsoleActionSchema, type ConsoleActionResult } from '~/.server/operators/conversation-actions';
import { serverMessage } from '~/.server/i18n/messages';
import { issueText } from '~/.server/contract/request-input';
import { formAction } from '~/.server/contract/form-action';
import { parseId } from '~/shared/request-rules';
import { ClaimBar } from '~/components/operators/claim-bar';
import { Composer } from '~/components/operators/composer';
import { LocalTime } from '~/components/operators/local-time';
import { Muted, Notice, Panel, Pill } from '~/components/operators/parts';
import { Fact, PersonCard } from '~/components/operators/person-card';
import { AuditPanel, FlagsPanel, NotesPanel } from '~/components/operators/side-panels';
import { Thread } from '~/components/operators/thread';
import { useNow, WaitingTime } from '~/components/operators/waiting-time';
import { LOCALE_NAMES, isLocale } from '~/shared/locales';
import { Area, Column, Columns, Head, Page } from '~/components/operators/conversation-layout';
import { consoleMeta } from '~/components/operators/console-page';

function conversationId(value: string | undefined): number {
  const id = parseId(value);
  if (id === null) throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
  return id;
}

export async function loader({ context, params }: LoaderFunctionArgs) {
  const operator = requireRole(context, 'answering');
  const id = conversationId(params.id);
  const catalogue = giftCatalogue(context.tenant, context.locale);
  const workspace = await operatorWorkspace(context.db, operator, id, {
    cdnPrefix: context.tenant.settings.cdn_prefix,
    gifts: (gift) => catalogue.find(gift),
    photosOfMember: true,
  });
  if (!workspace) throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
  const tenant = context.tenants.get(workspace.conversation.tenantId);
  // A member's photos are served only on their own tenant's hosts (media-handler.ts).
  if (workspace.conversation.tenantId !== context.tenant.id) workspace.member.photos = [];
  return {
    workspace,
    tenantName: operatorTenants(context, operator).find((t) => t.id === workspace.conversation.tenantId)?.name ?? workspace.conversation.tenantId,
    maxLength: tenant?.settings.message_length ?? 1000,
    gifts: catalogue.all(),
    claimMinutes: CLAIM_MINUTES,
    clientId: newClientId(),
    now: now().toISOString(),
  };
}

// A member's post is refused before its body is read (refuseMembers).
export const action = consoleAction(formAction({
  body: ConsoleActionSchema,
  failure: (failure): ConsoleActionResult => ({ intent: typeof failure.raw.intent === 'string' ? failure.raw.intent : '', ok: false, text: firstProblem(failure) }),
  async handle({ context, body, params }): Promise<ConsoleActionResult> {
    const operator = requireRole(context, 'answering');
    const conversation = conversationId(params.id);
    const { db, events, locale } = context;
    const done = (text: string, extra: Partial<ConsoleActionResult> = {}): ConsoleActionResult => ({ intent: body.intent, ok: true, text, ...extra });
    const refused = (text: string): ConsoleActionResult => ({ intent: body.intent, ok: false, text });
    const notFound = () => {
      throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
    };
    switch (body.intent) {
      case 'claim': {
        const result = await claimConversation(db, events, operator, { conversation });
        if (!result.ok) return result.error === 'not_found' ? notFound() : refused(claimErrorText(locale, result));
        return done(serverMessage(locale, result.action === 'takeover' ? 'operator.done.takeover' : 'operator.done.claim', { minutes: CLAIM_MINUTES }));
      }
      case 'release': {
        const result = await releaseConversation(db, events, operator, { conversation });
        if (!result.ok) return result.error === 'not_found' ? notFound() : refused(serverMessage(locale, 'operator.error.notClaimed'));
        return done(serverMessage(locale, 'operator.done.release'));
      }
      case 'reply': {
        const parsed = ReplySchema.safeParse({ ...body, conversation });
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          return refused(issueText(locale, { ...issue, path: issue.path.map(String), input: body }));
        }
        const result = await replyAsProfile(db, replyDeps(context), operator, parsed.data);
        if (!result.ok) return result.error === 'not_found' ? notFound() : refused(replyErrorText(locale, result.error, result.max));
        return done(serverMessage(locale, 'operator.done.reply'), { sent: result.message.id });
      }
      case 'note': {
        const parsed = NoteSchema.safeParse({ conversation, note: body.note });
        if (!parsed.success) return refused(serverMessage(locale, 'operator.error.emptyNote'));
        const result = await addNote(db, events, operator, parsed.data);
        return result.ok ? done(serverMessage(locale, 'operator.done.note')) : notFound();
      }
      case 'flag': {
        const parsed = FlagSchema.safeParse({ conversation, reason: body.reason, message: body.message, comment: body.comment });
        if (!parsed.success) return refused(serverMessage(locale, 'signup.error.check'));
        const result = await flagConversation(db, events, operator, parsed.data);
        return result.ok ? done(serverMessage(locale, 'operator.done.flag')) : notFound();
      }
      case 'resolve': {
        const result = await resolveFlag(db, events, operator, { conversation, flag: body.flag });
        return result.ok ? done(serverMessage(locale, 'operator.done.resolve')) : notFound();
      }
    }
  },
}));

export const meta = consoleMeta<typeof loader>((loaded) => (loaded ? `${loaded.workspace.member.name} → ${loaded.workspace.profile.name}` : ''));

export default function OperatorConversation() {
  const { workspace, tenantName, maxLength, gifts, claimMinutes, clientId, now: serverNow } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const intl = useIntl();
  const clock = useNow(serverNow);
  const { member, profile, conversation, claim } = workspace;
  const memberMessages = workspace.messages.filter((m) => !m.fromProfile);
  const flaggedMessages = workspace.flags.map((f) => f.message).filter((m): m is number => m !== null);
  const memberLanguage = isLocale(member.language) ? LOCALE_NAMES[member.language] : member.language;
  return (
    <Page>
      <Head>
        <Link to="/operator">
          ← <FormattedMessage id="operator.back" defaultMessage="Queue" />
        </Link>
        <h1>
          <FormattedMessage id="operator.conversation.title" defaultMessage="{member} writes to {profile}" values={{ member: member.name, profile: profile.name }} />
        </h1>
        <Pill>{tenantName}</Pill>
        {conversation.waitingSince ? (
          <span>
            <Muted>
              <FormattedMessage id="operator.conversation.waiting" defaultMessage="Waiting" />
            </Muted>{' '}
            <WaitingTime since={conversation.waitingSince} now={clock} />
          </span>
        ) : (
          <Pill $tone="success">
            <FormattedMessage id="operator.conversation.answered" defaultMessage="Answered" />
          </Pill>
        )}
      </Head>
      <Columns>
        <Column $area="center">
          <Area $order={1}>
            <ClaimBar claim={claim} minutes={claimMinutes} />
            {result?.text ? (
              <Notice $tone={result.ok ? 'success' : 'danger'} role={result.ok ? 'status' : 'alert'} data-testid="action-result">
                {result.text}
              </Notice>
            ) : null}
          </Area>
          <Area $order={2}>
            <Panel>
              <h2>
                <FormattedMessage id="operator.thread" defaultMessage="Conversation" />
              </h2>
              <Thread messages={workspace.messages} memberName={member.name} profileName={profile.name} flaggedMessages={flaggedMessages} />
            </Panel>
            <Panel>
              {member.unconfirmed ? (
                <Notice $tone="danger">
                  <FormattedMessage
                    id="operator.error.memberUnconfirmed"
                    defaultMessage="This member has not confirmed their e-mail address yet: answers reach them once they have."
                  />
                </Notice>
              ) : null}
              <Composer
                enabled={claim?.mine ?? false}
                profileName={profile.name}
                maxLength={maxLength}
                photos={profile.photos}
                gifts={gifts}
                clientId={clientId}
                sent={result?.sent ?? 0}
              />
            </Panel>
          </Area>
        </Column>
        <Column $area="left">
          <Area $order={3}>
            <PersonCard
              testId="member-card"
              person={member}
              kicker={intl.formatMessage({ id: 'operator.member', defaultMessage: 'Member' })}
              extra={
                <>
                  <Fact term={intl.formatMessage({ id: 'operator.member.language', defaultMessage: 'Language' })} value={memberLanguage} />
                  <Fact term={intl.formatMessage({ id: 'operator.member.since', defaultMessage: 'Member since' })} value={<LocalTime value={member.memberSince} dateOnly />} />
                </>
              }
            />
          </Area>
          <Area $order={7}>
            <AuditPanel audit={workspace.audit} />
          </Area>
        </Column>
        <Column $area="right">
          <Area $order={4}>
            <PersonCard testId="persona-card" person={profile} kicker={intl.formatMessage({ id: 'operator.persona', defaultMessage: 'You write as (fictional profile)' })} />
          </Area>
          <Area $order={5}>
            <NotesPanel notes={workspace.notes} />
          </Area>
          <Area $order={6}>
            <FlagsPanel flags={workspace.flags} memberMessages={memberMessages} />
          </Area>
        </Column>
      </Columns>
    </Page>
  );
}

export function ErrorBoundary() {
  return (
    <Panel role="alert" style={{ maxWidth: 640, margin: '48px auto' }}>
      <h2>
        <FormattedMessage id="operator.error.notFound" defaultMessage="This conversation does not exist or is not one of your sites'." />
      </h2>
      <Link to="/operator">
        ← <FormattedMessage id="operator.back" defaultMessage="Queue" />
      </Link>
    </Panel>
  );
}
