// What a visit keeps of the user agent: whether it is a bot (then it is no visit at all) and a
// coarse class for reports. The full string is never stored.
import { isbot } from 'isbot';

export type UserAgentClass = 'mobile' | 'tablet' | 'desktop';

/** A crawler, a link previewer, a monitoring probe, or no user agent at all (scripts). */
export function isBotAgent(userAgent: string | null | undefined): boolean {
  return !userAgent || isbot(userAgent);
}

export function userAgentClass(userAgent: string): UserAgentClass {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone|Opera Mini/i.test(userAgent)) return 'mobile';
  return 'desktop';
}
