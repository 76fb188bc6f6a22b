// The members' background work — the live event stream, the likes refresh with its modals and the
// chat list's live updates — in a chunk of its own, loaded once a member is logged in in this tab:
// visitors' pages carry none of it (docs/decisions/0025).
import { LikesLayer } from '~/components/likes/likes-layer';
import { ChatsLayer } from '~/components/chat/chats-layer';
import { LiveEvents } from './live-events';

export default function MemberLayers() {
  return (
    <>
      <LiveEvents />
      <LikesLayer />
      <ChatsLayer />
    </>
  );
}
