// Small parts shared by the chat list and the conversation: the round avatar, times and days in the
// member's time zone (UTC until the page has hydrated, so that the server's HTML and the first
// render in the browser agree), and the one-line preview of a message.
import { useEffect, useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import styled from 'styled-components';
import type { MessageView } from '~/shared/chat-types';

export const Avatar = styled.span<{ $size?: number }>`
  position: relative;
  display: grid;
  flex: none;
  place-items: center;
  width: ${({ $size = 48 }) => $size}px;
  height: ${({ $size = 48 }) => $size}px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.secondary};
  color: ${({ theme }) => theme.colors.primaryOnTint};
  font-weight: 800;
  font-size: ${({ $size = 48 }) => Math.round($size * 0.4)}px;
  overflow: hidden;

  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

export function ProfileAvatar({ profile, size }: { profile: { name: string; main_image: string | null }; size?: number }) {
  return (
    <Avatar $size={size} aria-hidden>
      {profile.main_image ? <img src={profile.main_image} alt="" loading="lazy" /> : profile.name.slice(0, 1).toUpperCase()}
    </Avatar>
  );
}

/** The time zone to format in: UTC for the server render and hydration, then the browser's own. */
export function useTimeZone(): string | undefined {
  const [zone, setZone] = useState<string | undefined>('UTC');
  useEffect(() => setZone(undefined), []);
  return zone;
}

// Making an Intl.DateTimeFormat costs far more than using one: one per time zone, kept (docs/decisions/0025).
const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayKey(date: Date, timeZone: string | undefined): string {
  let format = dayFormats.get(timeZone ?? '');
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone ?? '', format);
  }
  return format.format(date);
}

export function sameDay(a: Date, b: Date, timeZone: string | undefined): boolean {
  return dayKey(a, timeZone) === dayKey(b, timeZone);
}

/** "Today", "Yesterday", a weekday within the week, else the date (day separators). */
export function dayLabel(intl: IntlShape, date: Date, now: Date, timeZone: string | undefined): string {
  if (sameDay(date, now, timeZone)) return intl.formatMessage({ id: 'chat.day.today', defaultMessage: 'Today' });
  const yesterday = new Date(now.getTime() - 86_400_000);
  if (sameDay(date, yesterday, timeZone)) return intl.formatMessage({ id: 'chat.day.yesterday', defaultMessage: 'Yesterday' });
  const days = (now.getTime() - date.getTime()) / 86_400_000;
  if (days < 6) return intl.formatDate(date, { weekday: 'long', timeZone });
  return intl.formatDate(date, { day: 'numeric', month: 'long', year: date.getUTCFullYear() === now.getUTCFullYear() ? undefined : 'numeric', timeZone });
}

export function timeOf(intl: IntlShape, date: Date, timeZone: string | undefined): string {
  return intl.formatTime(date, { hour: '2-digit', minute: '2-digit', timeZone });
}

/** The list's time: the time today, else a short day. */
export function listTime(intl: IntlShape, date: Date, now: Date, timeZone: string | undefined): string {
  if (sameDay(date, now, timeZone)) return timeOf(intl, date, timeZone);
  const days = (now.getTime() - date.getTime()) / 86_400_000;
  if (days < 6) return intl.formatDate(date, { weekday: 'short', timeZone });
  return intl.formatDate(date, { day: 'numeric', month: 'short', timeZone });
}

/** One line about a message, for the list: the text, or what was sent. */
export function usePreview(): (message: MessageView | null, mine: boolean) => string {
  const intl = useIntl();
  return (message, mine) => {
    if (!message) return '';
    const body =
      message.kind === 'text'
        ? (message.text ?? '')
        : message.kind === 'gift'
          ? intl.formatMessage({ id: 'chat.preview.gift', defaultMessage: 'Gift: {name}' }, { name: message.gift?.name ?? '' })
          : intl.formatMessage({ id: 'chat.preview.photo', defaultMessage: 'Photo' });
    return mine ? intl.formatMessage({ id: 'chat.preview.mine', defaultMessage: 'You: {text}' }, { text: body }) : body;
  };
}

export const GiftIcon = () => (
  <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden focusable="false">
    <rect x="3" y="8" width="18" height="13" rx="2" />
    <path d="M12 8v13M3 12h18M12 8c-2-4-7-4-7-1s4 1 7 1zM12 8c2-4 7-4 7-1s-4 1-7 1z" />
  </svg>
);

export const SendIcon = () => (
  <svg width="22" height="22" viewBox="0 0 24 24" fill="currentColor" aria-hidden focusable="false">
    <path d="M3.4 20.6 21 12 3.4 3.4l.1 6.9L15 12 3.5 13.7z" />
  </svg>
);

export const TrashIcon = () => (
  <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden focusable="false">
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
  </svg>
);

export const PhotoIcon = () => (
  <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden focusable="false">
    <rect x="3" y="4" width="18" height="16" rx="3" />
    <circle cx="9" cy="10" r="2" />
    <path d="m21 16-5-5-9 9" />
  </svg>
);
