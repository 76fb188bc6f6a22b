// The landers of docs/product.md §2 and the member landings, by name. Every lander but tinderswipe takes an
// optional slug; member landings are landing (no slug), landing2 and landing3 (optional slug).
export const LANDERS = ['alonetonight', 'collagelanding', 'gallery', 'iconslanding', 'maplanding', 'socialnetwork', 'transitionsvideolanding', 'video', 'tinderswipe'] as const;
export type LanderName = (typeof LANDERS)[number];

export const MEMBER_LANDINGS = ['landing', 'landing2', 'landing3'] as const;
export type MemberLandingName = (typeof MEMBER_LANDINGS)[number];

/** Pages that take no slug: a slug after them is a 404. */
export const WITHOUT_SLUG: readonly string[] = ['tinderswipe', 'landing'];

export const isLander = (name: string): name is LanderName => (LANDERS as readonly string[]).includes(name);
export const isMemberLanding = (name: string): name is MemberLandingName => (MEMBER_LANDINGS as readonly string[]).includes(name);
