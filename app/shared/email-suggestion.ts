// "Did you mean …?" for mistyped e-mail domains (docs/product.md §5): the closest well-known mail domain for a
// near-miss of it, never the domain itself. Shared by the signup action and the signup form.
// A near-miss is a slip of the fingers on a known domain (issue 48 item 8): in the name before the
// last dot, one edit — a letter missing, extra, wrong, or two swapped — per four letters of the known
// name (gmial.com, hotmal.com, t-onlin.de; a name of three letters or fewer takes none: `x.de`, `mx.de`
// or `wbe.de` may well be the visitor's own); in the ending, one edit of a three-letter one (`.co`,
// `.con` for `.com`) and none of a country's (`yahoo.de` is Yahoo's too, not a slip of yahoo.es).
const DOMAINS = [
  'gmail.com', 'googlemail.com', 'hotmail.com', 'outlook.com', 'live.com', 'yahoo.com', 'icloud.com', 'me.com',
  'protonmail.com', 'proton.me', 'aol.com', 'gmx.com', 'gmx.de', 'gmx.at', 'gmx.ch', 'gmx.net', 'web.de',
  't-online.de', 'freenet.de', 'bluewin.ch', 'hotmail.nl', 'live.nl', 'ziggo.nl', 'kpnmail.nl', 'planet.nl',
  'telenet.be', 'skynet.be', 'hotmail.be', 'hotmail.co.uk', 'yahoo.co.uk', 'btinternet.com', 'sky.com',
  'eircom.net', 'hotmail.fr', 'orange.fr', 'free.fr', 'laposte.net', 'sfr.fr', 'libero.it', 'virgilio.it',
  'alice.it', 'tiscali.it', 'hotmail.it', 'hotmail.es', 'yahoo.es', 'telefonica.net', 'wp.pl', 'onet.pl', 'o2.pl',
  'interia.pl', 'hotmail.dk', 'live.dk', 'jubii.dk', 'hotmail.se', 'live.se', 'telia.com', 'online.no',
  'hotmail.no', 'live.no', 'hotmail.fi', 'luukku.com',
];

/** Edits between two strings (optimal string alignment: a swap of two neighbours is one edit). */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/** A domain's name (before the last dot) and its ending. */
function parts(domain: string): { name: string; ending: string } | null {
  const dot = domain.lastIndexOf('.');
  return dot < 1 ? null : { name: domain.slice(0, dot), ending: domain.slice(dot + 1) };
}

/** The edits that turn `typed` into the known `candidate`, or null when that is more than a slip. */
function slipDistance(typed: { name: string; ending: string }, candidate: { name: string; ending: string }): number | null {
  const name = distance(typed.name, candidate.name);
  const ending = distance(typed.ending, candidate.ending);
  if (name > Math.floor(candidate.name.length / 4)) return null;
  if (ending > (candidate.ending.length >= 3 ? 1 : 0)) return null;
  return name + ending;
}

export function suggestEmail(email: string): string | null {
  const at = email.lastIndexOf('@');
  if (at < 1) return null;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1).toLowerCase();
  const typed = parts(domain);
  if (!typed || DOMAINS.includes(domain)) return null;
  let best: { domain: string; score: number } | null = null;
  for (const candidate of DOMAINS) {
    const score = slipDistance(typed, parts(candidate)!);
    if (score !== null && (!best || score < best.score)) best = { domain: candidate, score };
  }
  return best ? `${local}@${best.domain}` : null;
}
