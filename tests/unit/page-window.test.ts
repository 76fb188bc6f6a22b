// The numbered pager of /members: first, last and the pages around the current one, gaps between.
import { describe, expect, it } from 'vitest';
import { GAP, pageWindow } from '~/components/members/page-window';

describe('pageWindow', () => {
  it('shows every page when there are few', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 5)).toEqual([1, 2, GAP, 5]);
    expect(pageWindow(1, 4)).toEqual([1, 2, 3, 4]);
  });

  it('shows the first, the last and the neighbours of the current page, with gaps', () => {
    expect(pageWindow(5, 11)).toEqual([1, GAP, 4, 5, 6, GAP, 11]);
    expect(pageWindow(11, 11)).toEqual([1, GAP, 10, 11]);
    expect(pageWindow(500, 1000, 2)).toEqual([1, GAP, 498, 499, 500, 501, 502, GAP, 1000]);
  });

  it('shows a single left-out page instead of a gap', () => {
    expect(pageWindow(4, 11)).toEqual([1, 2, 3, 4, 5, GAP, 11]);
    expect(pageWindow(8, 11)).toEqual([1, GAP, 7, 8, 9, 10, 11]);
  });

  it('keeps a page past the end out of the window', () => {
    expect(pageWindow(40, 11)).toEqual([1, GAP, 11]);
  });
});
