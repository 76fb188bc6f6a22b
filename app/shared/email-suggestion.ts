// "Did you mean …?" for mistyped e-mail domains (SPEC §5): the closest well-known mail domain within
// two edits, never the domain itself. Shared by the signup action and the signup form.
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

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}

export function suggestEmail(email: string): string | null {
  const at = email.lastIndexOf('@');
  if (at < 1) return null;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1).toLowerCase();
  if (!domain || DOMAINS.includes(domain)) return null;
  let best: { domain: string; score: number } | null = null;
  for (const candidate of DOMAINS) {
    const score = distance(domain, candidate);
    if (score <= 2 && (!best || score < best.score)) best = { domain: candidate, score };
  }
  return best ? `${local}@${best.domain}` : null;
}
