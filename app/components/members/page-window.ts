/** A gap between page numbers ("…"). */
export const GAP = 'gap' as const;

/**
 * The page numbers a pager shows: the first, the last, and `around` pages either side of the
 * current one, with a gap where numbers are left out (a gap of one page shows that page instead).
 */
export function pageWindow(current: number, pages: number, around = 1): (number | typeof GAP)[] {
  if (pages <= 1) return [1];
  const shown = new Set([1, pages]);
  for (let page = current - around; page <= current + around; page++) if (page >= 1 && page <= pages) shown.add(page);
  const sorted = [...shown].sort((a, b) => a - b);
  const out: (number | typeof GAP)[] = [];
  for (const page of sorted) {
    const previous = out.at(-1);
    if (typeof previous === 'number' && page - previous === 2) out.push(previous + 1);
    else if (typeof previous === 'number' && page - previous > 2) out.push(GAP);
    out.push(page);
  }
  return out;
}
