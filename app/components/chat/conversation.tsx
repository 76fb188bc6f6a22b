// One conversation (docs/product.md §2 chats-id, members-id-chat): the other profile in the header (with the
// tenant's fictional-profile warning for a fictional one), the messages with day separators, times,
// gift cards, photos with a viewer and the state of the member's own messages, and the composer.
// Sending shows the message at once ("sending"), then the server's copy or "not sent" with a retry
// that reuses the message's client_id, so that a retry is never charged twice.
import { Link, useNavigate, useSearchParams } from '@remix-run/react';
import { Fragment, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { useSnapshot } from 'valtio';
import { BackIcon } from '~/components/app/icons';
import { FictionalMark } from '~/components/app/fictional-mark';
import { DialogBody, Modal } from '~/components/modals/modal';
import { Button } from '~/components/app/buttons';
import type { GiftView, MessageView } from '~/shared/chat-types';
import { apiRequest, jsonBody } from '~/state/api-client';
import { useAppState } from '~/state/app-state';
import { markOpened, newClientId, postMessage, receiveMessage, removeChat, setMessages, type OutgoingMessage, type SendBody } from '~/state/chats';
import { clientClock } from '~/state/clock';
import { dayLabel, ProfileAvatar, sameDay, TrashIcon, useTimeZone } from './chat-parts';
import { useOwnProfile } from './chats-layer';
import { Composer, type ComposerInfo, type ComposerSend } from './composer';
import { ReportMessageDialog } from './report-message';
import { MessageBubble, type BubbleMessage } from './message-bubble';

export interface ConversationData {
  conversation: { id: number; read_by_other: number | null; flagged?: boolean; safety_tip?: boolean } | null;
  profile: { id: number; name: string; main_image: string | null; fictional: boolean; age: number; city: string | null };
  messages: MessageView[];
  has_more: boolean;
  composer: ComposerInfo;
}

const Header = styled.header`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.background};
`;

const IconLink = styled(Link)`
  display: grid;
  place-items: center;
  width: 40px;
  height: 40px;
  border-radius: 50%;
  color: ${({ theme }) => theme.colors.text};

  &:hover {
    background: ${({ theme }) => theme.colors.surface};
  }

  @media (min-width: ${({ theme }) => theme.breakpoints.lg}px) {
    display: none;
  }
`;

const IconButton = styled.button`
  display: grid;
  place-items: center;
  width: 40px;
  height: 40px;
  margin-left: auto;
  border: 0;
  border-radius: 50%;
  background: none;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;

  &:hover,
  &:focus-visible {
    background: ${({ theme }) => theme.colors.dangerSurface};
    color: ${({ theme }) => theme.colors.danger};
  }
`;

const Who = styled(Link)`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  min-width: 0;
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;

  h2 {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }

  small {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const FlagNotice = styled.p`
  margin: ${({ theme }) => `${theme.space(3)} auto`};
  max-width: 32rem;
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 2px solid ${({ theme }) => theme.colors.dark};
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  text-align: center;
`;

const SafetyTip = styled.p`
  margin: ${({ theme }) => `${theme.space(3)} auto`};
  max-width: 32rem;
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`};
  border-radius: ${({ theme }) => theme.radii.md};
  border-left: 4px solid ${({ theme }) => theme.colors.danger};
  background: ${({ theme }) => theme.colors.dangerSurface};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Warning = styled.p`
  margin: 0;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  background: ${({ theme }) => theme.colors.dark};
  color: ${({ theme }) => theme.colors.onDark};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  text-align: center;
`;

const Thread = styled.div`
  flex: 1;
  min-height: 0;
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(3)}`};
  overflow-y: auto;
  background-color: ${({ theme }) => theme.colors.surface};
  background-image: radial-gradient(${({ theme }) => theme.colors.border} 1px, transparent 1px);
  background-size: 22px 22px;

  ol {
    display: flex;
    flex-direction: column;
    max-width: 860px;
    margin: 0 auto;
    padding: 0;
    list-style: none;
  }
`;

const Day = styled.li`
  align-self: center;
  margin: ${({ theme }) => theme.space(3)} 0 ${({ theme }) => theme.space(2)};
  padding: 2px 12px;
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.background};
  box-shadow: ${({ theme }) => theme.shadows.card};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
`;

const Older = styled.button`
  display: block;
  margin: 0 auto ${({ theme }) => theme.space(2)};
  padding: 4px 14px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  cursor: pointer;
`;

const Hello = styled.div`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space(2)};
  max-width: 360px;
  margin: ${({ theme }) => theme.space(10)} auto;
  padding: ${({ theme }) => theme.space(6)};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.background};
  box-shadow: ${({ theme }) => theme.shadows.card};
  text-align: center;

  h3 {
    margin: 0;
  }

  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Viewer = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)};
  background: ${({ theme }) => theme.colors.dark};

  img {
    max-width: 100%;
    max-height: 75vh;
    margin: 0 auto;
    border-radius: ${({ theme }) => theme.radii.md};
  }
`;

const ConfirmBody = styled(DialogBody)`
  div {
    display: flex;
    flex-wrap: wrap;
    justify-content: flex-end;
    gap: ${({ theme }) => theme.space(2)};
  }
`;

/** A gift's name and picture, named from the page's catalogue (the page's language) when it has the gift. */
function giftOf(gift: GiftView | { id: string; name: string; image: string } | null, catalogue: GiftView[]) {
  if (!gift) return null;
  const known = catalogue.find((g) => g.id === gift.id);
  return { name: known?.name ?? gift.name, image: known?.image ?? gift.image };
}

export function Conversation({
  data,
  gifts,
  minimumCost,
  fictionalWarning,
}: {
  data: ConversationData;
  gifts: GiftView[];
  minimumCost: { costs: number; currency: string } | null;
  fictionalWarning: string;
}) {
  const state = useAppState();
  const snap = useSnapshot(state);
  const intl = useIntl();
  const zone = useTimeZone();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const own = useOwnProfile();
  const { profile } = data;
  const [conversation, setConversation] = useState(data.conversation?.id ?? null);
  const [older, setOlder] = useState<{ messages: MessageView[]; hasMore: boolean }>({ messages: [], hasMore: data.has_more });
  const [photo, setPhoto] = useState<BubbleMessage['photo']>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [reporting, setReporting] = useState<{ id: number; text: string | null } | null>(null);
  const [outOfCredits, setOutOfCredits] = useState(false);
  const thread = useRef<HTMLDivElement>(null);

  // The page's data is what the server said now: into the store, and this chat is open and read.
  useEffect(() => {
    setConversation(data.conversation?.id ?? null);
    setOlder({ messages: [], hasMore: data.has_more });
    if (data.conversation) {
      setMessages(state, data.conversation.id, data.messages);
      if (data.conversation.read_by_other) state.chats.readByOther[data.conversation.id] = Math.max(state.chats.readByOther[data.conversation.id] ?? 0, data.conversation.read_by_other);
    }
    markOpened(state, data.conversation?.id ?? null, data.profile.id, new Date(clientClock.now()));
    return () => {
      if (state.chats.open === (data.conversation?.id ?? null)) state.chats.open = null;
    };
  }, [state, data]);

  const stored = conversation !== null ? (snap.chats.messages[conversation] as MessageView[] | undefined) : undefined;
  const messages = useMemo(() => {
    const all = [...older.messages, ...(stored ?? (conversation === data.conversation?.id ? data.messages : []))];
    const byId = new Map(all.map((m) => [m.id, m]));
    return [...byId.values()].sort((a, b) => a.id - b.id);
  }, [older.messages, stored, conversation, data]);
  const outgoing = (snap.chats.outgoing[profile.id] ?? []) as OutgoingMessage[];
  const readThrough = conversation !== null ? (snap.chats.readByOther[conversation] ?? 0) : 0;

  // A message from the other side while the chat is open is read at once: tell the server.
  const lastTheirs = [...messages].reverse().find((m) => m.sender !== own)?.id ?? 0;
  const markedRead = useRef(lastTheirs);
  useEffect(() => {
    if (conversation === null || lastTheirs <= markedRead.current) return;
    markedRead.current = lastTheirs;
    void apiRequest('/api/chat.php', { method: 'PUT', ...jsonBody({ conversation }) }).catch(() => {});
  }, [conversation, lastTheirs]);

  // Keep the newest message in view: on a new message, and while pictures load, unless the member
  // scrolled up to read older ones.
  const count = messages.length + outgoing.length;
  const atBottom = useRef(true);
  const hasMessages = count > 0;
  useLayoutEffect(() => {
    const el = thread.current;
    if (el) el.scrollTop = el.scrollHeight;
    atBottom.current = true;
  }, [count, conversation]);
  useEffect(() => {
    const el = thread.current;
    const content = el?.firstElementChild;
    if (!el || !content || typeof ResizeObserver === 'undefined') return;
    const onScroll = () => (atBottom.current = el.scrollTop + el.clientHeight >= el.scrollHeight - 80);
    const observer = new ResizeObserver(() => {
      if (atBottom.current) el.scrollTop = el.scrollHeight;
    });
    observer.observe(content);
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      observer.disconnect();
      el.removeEventListener('scroll', onScroll);
    };
  }, [conversation, hasMessages]);

  const bubbles: BubbleMessage[] = [
    ...messages.map((m) => ({
      key: `m${m.id}`,
      mine: m.sender === own,
      kind: m.kind,
      text: m.text,
      gift: giftOf(m.gift, gifts),
      photo: m.photo,
      fictional: m.fictional,
      created_at: m.created_at,
      status: m.sender === own ? (m.id <= readThrough ? ('read' as const) : ('sent' as const)) : null,
    })),
    ...outgoing.map((o) => ({
      key: `o${o.client_id}`,
      mine: true,
      kind: o.kind,
      text: o.text,
      gift: giftOf(o.gift, gifts),
      photo: o.preview ? { url: o.preview, thumb: o.preview, width: 0, height: 0 } : null,
      fictional: false,
      created_at: o.created_at,
      status: o.status,
      error: o.error,
    })),
  ];

  const photos = useRef(new Map<string, File>());
  async function deliver(item: OutgoingMessage, body: SendBody) {
    const list = state.chats.outgoing[profile.id] ?? (state.chats.outgoing[profile.id] = []);
    const existing = list.find((o) => o.client_id === item.client_id);
    if (existing) Object.assign(existing, { status: 'sending', error: null });
    else list.push(item);
    const outcome = await postMessage(state, profile.id, body, item.client_id);
    const entry = state.chats.outgoing[profile.id]?.find((o) => o.client_id === item.client_id);
    if (outcome.ok) {
      setConversation(outcome.conversation);
      receiveMessage(state, { conversation: outcome.conversation, profile, message: outcome.message }, own);
      if (state.user) state.user.credits = outcome.credits;
      setOutOfCredits(false);
      photos.current.delete(item.client_id);
      if (item.preview) URL.revokeObjectURL(item.preview);
      return;
    }
    if (outcome.error === 'not_enough_credits') {
      // The composer's notice says it, with the way to buy; the message under the bubble only that it
      // was not sent — not the same sentence a second time (issue 48 item 9). The page's balance was
      // behind (spent elsewhere): it takes the server's.
      setOutOfCredits(true);
      if (state.user && outcome.credits !== undefined) state.user.credits = outcome.credits;
      if (entry) Object.assign(entry, { status: 'failed', error: null });
      return;
    }
    if (entry) Object.assign(entry, { status: 'failed', error: outcome.message || null });
  }

  function bodyOf(item: OutgoingMessage): SendBody | null {
    if (item.kind === 'text') return { text: item.text ?? '' };
    if (item.kind === 'gift') return item.gift ? { gift: item.gift.id } : null;
    const file = photos.current.get(item.client_id);
    return file ? { photo: file } : null;
  }

  function onSend(what: ComposerSend) {
    const item: OutgoingMessage = {
      client_id: newClientId(),
      profile: profile.id,
      conversation,
      kind: 'text' in what ? 'text' : 'gift' in what ? 'gift' : 'photo',
      text: 'text' in what ? what.text : null,
      gift: 'gift' in what ? { id: what.gift.id, name: what.gift.name, image: what.gift.image } : null,
      preview: 'photo' in what ? URL.createObjectURL(what.photo) : null,
      status: 'sending',
      error: null,
      created_at: new Date(clientClock.now()).toISOString(),
    };
    if ('photo' in what) photos.current.set(item.client_id, what.photo);
    const body = bodyOf(item);
    if (body) void deliver(item, body);
  }

  async function loadOlder() {
    const first = messages[0];
    if (!first || conversation === null) return;
    const response = await apiRequest(`/api/chat.php?conversation=${conversation}&before=${first.id}`);
    if (!response.ok) return;
    const answer = (await response.json()) as ConversationData;
    setOlder((current) => ({ messages: [...answer.messages, ...current.messages], hasMore: answer.has_more }));
  }

  async function remove() {
    setConfirmRemove(false);
    if (conversation === null) return;
    const id = conversation;
    navigate('/chats');
    await removeChat(state, id, () => {
      state.chats.removeFailed = true;
    });
  }

  const now = new Date(clientClock.now());
  const initialText = params.get('text') ?? '';

  return (
    <>
      <Header>
        <IconLink to="/chats" aria-label={intl.formatMessage({ id: 'chat.backToList', defaultMessage: 'All conversations' })}>
          <BackIcon />
        </IconLink>
        <Who to={`/members/${profile.id}`} data-testid="chat-profile">
          <ProfileAvatar profile={profile} size={44} />
          <span>
            <h2>
              {profile.name}
              {profile.fictional ? <FictionalMark /> : null}
            </h2>
            <small>
              {profile.city ? `${profile.age} · ${profile.city}` : profile.age}
            </small>
          </span>
        </Who>
        {conversation !== null ? (
          <IconButton type="button" onClick={() => setConfirmRemove(true)} aria-label={intl.formatMessage({ id: 'chat.remove.button', defaultMessage: 'Remove this chat' })} data-testid="remove-chat">
            <TrashIcon />
          </IconButton>
        ) : null}
      </Header>
      {profile.fictional ? <Warning data-testid="fictional-warning">{fictionalWarning}</Warning> : null}
      <Thread ref={thread} data-testid="thread" tabIndex={0} role="region" aria-label={intl.formatMessage({ id: 'chat.messages', defaultMessage: 'Messages with {name}' }, { name: profile.name })}>
        {older.hasMore ? (
          <Older type="button" onClick={() => void loadOlder()}>
            <FormattedMessage id="chat.older" defaultMessage="Show earlier messages" />
          </Older>
        ) : null}
        {bubbles.length === 0 ? (
          <Hello>
            <ProfileAvatar profile={profile} size={88} />
            <h3>
              <FormattedMessage id="chat.hello.title" defaultMessage="Say hello to {name}" values={{ name: profile.name }} />
            </h3>
            <p>
              <FormattedMessage id="chat.hello.body" defaultMessage="A friendly first message or a small gift is the best way to start." />
            </p>
          </Hello>
        ) : (
          <ol>
            {bubbles.map((bubble, index) => {
              const at = new Date(bubble.created_at);
              const previous = bubbles[index - 1];
              const newDay = !previous || !sameDay(new Date(previous.created_at), at, zone);
              const failed = outgoing.find((o) => `o${o.client_id}` === bubble.key);
              return (
                <Fragment key={bubble.key}>
                  {newDay ? <Day>{dayLabel(intl, at, now, zone)}</Day> : null}
                  <MessageBubble
                    message={bubble}
                    zone={zone}
                    onOpenPhoto={setPhoto}
                    onReport={!bubble.mine && bubble.key.startsWith('m') ? () => setReporting({ id: Number(bubble.key.slice(1)), text: bubble.text }) : undefined}
                    onRetry={
                      failed && bodyOf(failed)
                        ? () => {
                            const item = state.chats.outgoing[profile.id]?.find((o) => o.client_id === failed.client_id);
                            const body = item ? bodyOf(item) : null;
                            if (item && body) void deliver(item, body);
                          }
                        : undefined
                    }
                  />
                </Fragment>
              );
            })}
          </ol>
        )}
        {!profile.fictional && (data.conversation?.safety_tip || (conversation !== null && snap.chats.safetyTips[conversation])) ? (
          <SafetyTip role="note" data-testid="safety-tip">
            <strong>
              <FormattedMessage id="chat.safety.title" defaultMessage="Stay safe:" />
            </strong>{' '}
            <FormattedMessage
              id="chat.safety.tip"
              defaultMessage="Never send money, gift cards or codes to someone you have not met, and be careful with moving the chat to another app or sharing your number. Something feels wrong? Use Report on the profile."
            />
          </SafetyTip>
        ) : null}
        {profile.fictional && data.conversation?.flagged ? (
          <FlagNotice role="note" data-testid="flag-warning">
            {fictionalWarning}
          </FlagNotice>
        ) : null}
      </Thread>
      <Composer
        key={profile.id}
        name={profile.name}
        info={data.composer}
        gifts={gifts}
        minimumCost={minimumCost}
        initialText={initialText}
        initialGifts={params.get('gifts') === '1'}
        outOfCredits={outOfCredits}
        onSend={onSend}
      />
      <Modal open={photo !== null} onClose={() => setPhoto(null)} labelledBy="photo-viewer-title">
        <Viewer>
          <h2 id="photo-viewer-title" hidden>
            <FormattedMessage id="chat.photo.title" defaultMessage="Photo from the chat with {name}" values={{ name: profile.name }} />
          </h2>
          {photo ? <img src={photo.url} alt="" /> : null}
          <Button type="button" $variant="light" onClick={() => setPhoto(null)}>
            <FormattedMessage id="chat.close" defaultMessage="Close" />
          </Button>
        </Viewer>
      </Modal>
      <ReportMessageDialog message={reporting} profile={profile} onClose={() => setReporting(null)} onBlocked={() => navigate('/chats')} />
      <Modal open={confirmRemove} onClose={() => setConfirmRemove(false)} labelledBy="remove-chat-title">
        <ConfirmBody>
          <h2 id="remove-chat-title">
            <FormattedMessage id="chat.remove.title" defaultMessage="Remove this chat?" />
          </h2>
          <p>
            <FormattedMessage id="chat.remove.body" defaultMessage="The conversation with {name} disappears from your messages. {name} keeps their copy." values={{ name: profile.name }} />
          </p>
          <div>
            <Button type="button" $variant="ghost" onClick={() => setConfirmRemove(false)}>
              <FormattedMessage id="chat.cancel" defaultMessage="Cancel" />
            </Button>
            <Button type="button" onClick={() => void remove()} data-testid="confirm-remove">
              <FormattedMessage id="chat.remove.confirm" defaultMessage="Remove" />
            </Button>
          </div>
        </ConfirmBody>
      </Modal>
    </>
  );
}
