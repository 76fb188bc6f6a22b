// How long a member has been waiting, ticking every 30 seconds. The first render uses the server's
// time from the loader (so the hydrated page says the same as the server's), then the browser's.
import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { clientClock } from '~/state/clock';
import { Pill } from './parts';

const TICK_MS = 30_000;

export function useNow(serverNow: string): number {
  const [now, setNow] = useState(() => new Date(serverNow).getTime());
  useEffect(() => {
    setNow(clientClock.now());
    let timer = clientClock.setTimer(function tick() {
      setNow(clientClock.now());
      timer = clientClock.setTimer(tick, TICK_MS);
    }, TICK_MS);
    return () => clientClock.clearTimer(timer);
  }, [serverNow]);
  return now;
}

export function WaitingTime({ since, now }: { since: string; now: number }) {
  const minutes = Math.max(0, Math.floor((now - new Date(since).getTime()) / 60_000));
  const tone = minutes >= 60 ? 'danger' : minutes >= 15 ? 'warning' : 'success';
  return (
    <Pill $tone={tone} data-testid="waiting-time" title={new Date(since).toISOString()}>
      <Duration seconds={minutes * 60} />
    </Pill>
  );
}

/** 45 s, 12 min, 3 h 5 min, 2 d 4 h. */
export function Duration({ seconds }: { seconds: number }) {
  if (seconds < 60) return <FormattedMessage id="operator.duration.seconds" defaultMessage="{seconds} s" values={{ seconds }} />;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return <FormattedMessage id="operator.duration.minutes" defaultMessage="{minutes} min" values={{ minutes }} />;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return <FormattedMessage id="operator.duration.hours" defaultMessage="{hours} h {minutes} min" values={{ hours, minutes: minutes % 60 }} />;
  return <FormattedMessage id="operator.duration.days" defaultMessage="{days} d {hours} h" values={{ days: Math.floor(hours / 24), hours: hours % 24 }} />;
}
