// The client's likes rules (app/state/likes.ts) and the member's day (app/.server/likes/member-day.ts):
// the badge count, which likes count as newly arrived, the match modal taking one profile at a time,
// the like modal's ?t=, the like states after a like or its removal, and midnight per time zone.
import { describe, expect, it } from 'vitest';
import { memberDay, nextDayStarts, timeZoneOf } from '~/.server/likes/member-day';
import { fitEachOther, soughtGenders } from '~/.server/likes/fit';
import { matchScore } from '~/.server/likes/match-finder';
import {
  afterLike,
  afterUnlike,
  applyLikesAnswer,
  initialLikesState,
  likeModalDelay,
  markKnown,
  newLikeArrivals,
  newLikesCount,
  showMatchModal,
  withoutT,
  type LikesAnswer,
} from '~/state/likes';

const card = (id: number) => ({ id, name: `P${id}`, fictional: true, main_image: { filename: `/media/${id}.webp`, thumb_filename: `/media/${id}-t.webp` } });
const answer = (likedBy: [number, boolean][]): LikesAnswer => ({ profiles: likedBy.map(([id]) => card(id)), liked_by: likedBy.map(([id, like_new]) => ({ id, like_new })) });

describe('the likes badge and arrivals', () => {
  it('counts like_new entries only', () => {
    expect(newLikesCount(answer([[1, true], [2, false], [3, true]]))).toBe(2);
  });

  it('takes the first refresh as the baseline and announces only likes that arrive after it', () => {
    const state = { totalNewLikes: 0, likes: initialLikesState() };
    expect(applyLikesAnswer(state, answer([[1, true], [2, false]]))).toEqual([]);
    expect(state.likes.modal).toBeNull();
    expect(state.totalNewLikes).toBe(1);
    expect(applyLikesAnswer(state, answer([[3, true], [1, true], [2, false]]))).toEqual([3]);
    expect(state.totalNewLikes).toBe(2);
    expect(state.likes.modal).toEqual({ id: 3, name: 'P3', photo: '/media/3.webp', fictional: true, kind: 'new_like' });
    // Seen again, or seen and opened: nothing new.
    expect(applyLikesAnswer(state, answer([[3, true], [1, false]]))).toEqual([]);
  });

  it('never announces a liker shown already (an auto-like)', () => {
    const likes = initialLikesState();
    markKnown(likes, 9);
    expect(newLikeArrivals([], answer([[9, true], [8, true]]), likes.announced)).toEqual([8]);
    expect(newLikeArrivals(null, answer([[8, true]]))).toEqual([]);
  });

  it('turns a card\'s state into a match when the other side liked back elsewhere', () => {
    const state = { totalNewLikes: 0, likes: initialLikesState() };
    state.likes.states[5] = 'liked';
    state.likes.states[6] = 'none';
    applyLikesAnswer(state, answer([[5, true], [6, true]]));
    expect(state.likes.states).toEqual({ 5: 'match', 6: 'liked_by_them' });
  });
});

describe('the match modal', () => {
  it('takes one profile at a time: an auto-like is loaded into it only if none is shown', () => {
    const likes = initialLikesState();
    expect(showMatchModal(likes, { id: 1, name: 'A', photo: null, fictional: false, kind: 'match' })).toBe(true);
    expect(showMatchModal(likes, { id: 2, name: 'B', photo: null, fictional: true, kind: 'new_like' })).toBe(false);
    expect(likes.modal?.id).toBe(1);
  });
});

describe('the like modal\'s ?t=', () => {
  it('takes a positive number of seconds up to an hour', () => {
    expect(likeModalDelay('2')).toBe(2000);
    expect(likeModalDelay('0.5')).toBe(500);
    expect(likeModalDelay('3600')).toBe(3_600_000);
    for (const bad of [null, '', '0', '-1', 'abc', '1e3', '3601', ' ', '2s', 'Infinity']) expect(likeModalDelay(bad), String(bad)).toBeNull();
  });

  it('leaves the address without t and keeps the rest', () => {
    expect(withoutT('http://x.localhost/members/5?t=2&ref=mail#top')).toBe('/members/5?ref=mail#top');
    expect(withoutT('http://x.localhost/match-finder?t=1')).toBe('/match-finder');
  });
});

describe('like states', () => {
  it('go none → liked, liked by them → match, and back', () => {
    expect(afterLike('none')).toBe('liked');
    expect(afterLike('liked_by_them')).toBe('match');
    expect(afterUnlike('match')).toBe('liked_by_them');
    expect(afterUnlike('liked')).toBe('none');
  });
});

describe('who fits whom', () => {
  it('follows gender and sexuality both ways', () => {
    expect(soughtGenders({ gender: 'male', sexuality: 'hetero' })).toEqual(['female']);
    expect(soughtGenders({ gender: 'female', sexuality: 'lesbian' })).toEqual(['female']);
    expect(soughtGenders({ gender: 'male', sexuality: 'bi' })).toEqual(['female', 'male']);
    expect(fitEachOther({ gender: 'male', sexuality: 'hetero' }, { gender: 'female', sexuality: 'bi' })).toBe(true);
    expect(fitEachOther({ gender: 'male', sexuality: 'hetero' }, { gender: 'female', sexuality: 'lesbian' })).toBe(false);
    expect(fitEachOther({ gender: 'male', sexuality: 'gay' }, { gender: 'male', sexuality: 'hetero' })).toBe(false);
    expect(fitEachOther({ gender: 'male', sexuality: 'gay' }, { gender: 'male', sexuality: 'bi' })).toBe(true);
  });
});

describe('the match finder\'s score', () => {
  const member = { birth_date: '1990-05-01', country: 'NL', region: 'NL-NH', city: 'Haarlem', interests: ['music', 'wine', 'travelling', 'yoga'], latitude: 52.38, longitude: 4.64 };
  const base = { birth_date: '1990-05-01', country: 'NL', region: 'NL-NH', city: 'Haarlem', interests: ['music', 'wine', 'travelling'], latitude: 52.38, longitude: 4.64, hasPhoto: true, likesMember: true };

  it('is 100 for the same age, three shared interests, the same town, a photo and a like', () => {
    expect(matchScore(member, base, '2026-11-23')).toEqual({
      score: 100,
      reasons: [{ kind: 'likes_you' }, { kind: 'similar_age' }, { kind: 'interests', shared: ['music', 'wine', 'travelling'] }, { kind: 'same_city' }],
    });
  });

  it('drops with years apart, fewer interests and distance', () => {
    const far = { ...base, birth_date: '1980-01-01', interests: ['cars'], city: 'Venlo', region: 'NL-LI', latitude: 51.37, longitude: 6.17, hasPhoto: false, likesMember: false };
    expect(matchScore(member, far, '2026-11-23')).toEqual({ score: 10, reasons: [] });
    expect(matchScore(member, { ...far, region: 'NL-NH' }, '2026-11-23').reasons).toEqual([{ kind: 'same_region' }]);
  });
});

describe('the member\'s day', () => {
  it('runs from midnight to midnight in the member\'s country', () => {
    expect(timeZoneOf('NL')).toBe('Europe/Amsterdam');
    expect(timeZoneOf('XX')).toBe('UTC');
    expect(memberDay('NL', new Date('2027-01-14T22:59:59Z'))).toBe('2027-01-14');
    expect(memberDay('NL', new Date('2027-01-14T23:00:00Z'))).toBe('2027-01-15');
    expect(memberDay('FI', new Date('2027-01-14T22:00:00Z'))).toBe('2027-01-15');
    expect(memberDay('GB', new Date('2027-01-14T23:30:00Z'))).toBe('2027-01-14');
  });

  it('names the next midnight, across a change to summer time', () => {
    expect(nextDayStarts('NL', new Date('2027-01-14T12:00:00Z')).toISOString()).toBe('2027-01-14T23:00:00.000Z');
    // 27–28 March 2027: the clocks go forward at 02:00 on Sunday 28 March.
    expect(nextDayStarts('NL', new Date('2027-03-28T12:00:00Z')).toISOString()).toBe('2027-03-28T22:00:00.000Z');
    expect(nextDayStarts('NL', new Date('2027-03-27T12:00:00Z')).toISOString()).toBe('2027-03-27T23:00:00.000Z');
    expect(nextDayStarts('US', new Date('2027-07-01T12:00:00Z')).toISOString()).toBe('2027-07-02T04:00:00.000Z');
  });
});
