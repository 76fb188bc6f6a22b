// When the time-bonus modal shows (docs/product.md §2, §4, §9; docs/decisions/0019): 40 s after entering the
// members area (members, members-id, chats, likes, likes-m-id, premium) when the member has 0
// credits, the bonus is visible and the modal was not dismissed (a stored timestamp). The 40 s run
// from entering the area: moving between its pages keeps counting; leaving it starts them again.
export const TIME_BONUS_ALERT_KEY = 'rdv_alert_time_bonus';

const MEMBERS_AREA: RegExp[] = [
  /^\/members\/?$/, // members
  /^\/members\/\d+\/?$/, // members-id
  /^\/chats(?:\/[^/]+)?\/?$/, // chats, chats-id
  /^\/likes(?:\/(?:received|sent|matches))?\/?$/, // likes, likes-type
  /^\/likes\/m\/\d+\/?$/, // likes-m-id
  /^\/premium\/?$/, // premium
];

export function inMembersArea(pathname: string): boolean {
  return MEMBERS_AREA.some((pattern) => pattern.test(pathname));
}

export interface TimeBonusModalInput {
  credits: number | null;
  /** 40 s have passed since entering the members area, and the member is still in it. */
  waited: boolean;
  bonusVisible: boolean;
  dismissedAt: number | null;
  /** Another dialog (entry warning, signup, match modal) is open: this one waits for it. */
  otherModalOpen: boolean;
}

export function showTimeBonusModal(input: TimeBonusModalInput): boolean {
  return input.credits === 0 && input.waited && input.bonusVisible && input.dismissedAt === null && !input.otherModalOpen;
}
