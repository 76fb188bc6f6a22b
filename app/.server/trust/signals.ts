// Scam signals in member-to-member chats (issue 25, docs/decisions/0029). A member's text to another
// member is checked against three families of rules, in all eleven languages at once (members write
// in any of them, whatever the site's):
//   money    — asking for money or for the usual ways of sending it (transfers, gift cards, crypto);
//   contact  — moving the talk off the site: phone numbers, e-mail addresses, messenger handles, links;
//   phrase   — the stock stories of romance scams (deployed soldier, oil rig, inheritance, customs fee).
// A hit never blocks or drops the message (it is paid for and may be harmless): it marks the message,
// opens a review of the conversation for the moderation role, and shows the recipient a safety tip.
// The rules prefer catching too much over too little — a human decides — but stay off everyday
// talk: numbers need eight digits and a phone's shape, a bare "@" or a site name alone is no handle.

export type SignalRule = 'money' | 'contact_phone' | 'contact_email' | 'contact_messenger' | 'contact_link' | 'phrase';

/** Lower case, accents removed, look-alike spellings folded ("(at)" → "@", "d0t" → "dot"): rules are written against this. */
export function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/ø/g, 'o')
    .replace(/æ/g, 'ae')
    .replace(/ł/g, 'l')
    .replace(/\s*[([{]\s*at\s*[)\]}]\s*/g, '@')
    .replace(/\s*[([{]\s*(?:dot|punkt|punt|point|punto|piste|kropka|prik)\s*[)\]}]\s*/g, '.')
    .replace(/\s+/g, ' ');
}

// Ways of sending money that need no words around them.
const MONEY_ANY = [
  /\bwestern ?union\b/,
  /\bmoney ?gram\b/,
  /\bbitcoins?\b|\bbtc\b|\busdt\b|\bcrypto/,
  /\biban\b/,
  /\bpaypal\.me\b/,
  /\b(?:itunes|steam|google ?play|amazon|apple)[ -]?(?:gift ?)?cards?\b/,
  /\bpaysafe ?card\b/,
  // An amount with a currency: "500 €", "€500", "$ 300", "1000 euro", "200 zl".
  /(?:[€$£]\s?\d{2,}|\b\d{2,}[.,]?\d*\s?(?:€|\$|£|eur|euro|euros|dollars?|usd|gbp|chf|kr|kroner|kronor|zl|pln)\b)/,
];

// Asking for money, per language (normalised spelling: no accents).
const MONEY: Record<string, RegExp[]> = {
  en: [/\bsend (?:me )?(?:some )?money\b/, /\bwire (?:me|transfer)\b/, /\b(?:lend|loan) me\b/, /\bi need (?:some )?money\b/, /\bbank transfer\b/, /\bgift ?cards?\b/, /\bpay for my (?:ticket|flight|visa|hospital|rent)\b/],
  de: [/\bschick(?:e|st)? mir (?:etwas |bitte )?geld\b/, /\buberweis/, /\bgeld (?:leihen|schicken|senden)\b/, /\bleih(?:e|st)? mir\b/, /\bich brauche (?:dringend )?geld\b/, /\bgutscheinkarte|\bgeschenkkarte/],
  nl: [/\bstuur (?:me|mij) (?:wat )?geld\b/, /\bgeld (?:overmaken|sturen|lenen)\b/, /\bovermaken\b/, /\bleen (?:me|mij)\b/, /\bik heb (?:dringend )?geld nodig\b/, /\bcadeaukaart/],
  da: [/\bsend (?:mig )?(?:nogle )?penge\b/, /\boverfor(?:e|sel)\b/, /\blan(?:e)? (?:mig )?penge\b/, /\bjeg (?:mangler|har brug for) penge\b/, /\bgavekort/],
  sv: [/\bskicka (?:mig )?(?:lite )?pengar\b/, /\boverfor(?:a|ing)\b/, /\blana (?:mig )?pengar\b/, /\bjag behover pengar\b/, /\bpresentkort/, /\bswisha\b/],
  nb: [/\bsend (?:meg )?(?:noen )?penger\b/, /\boverfor(?:e|ing)\b/, /\blane (?:meg )?penger\b/, /\bjeg trenger penger\b/, /\bgavekort/, /\bvipps\b/],
  fi: [/\blahet(?:a|ta) (?:minulle )?rahaa\b/, /\btilisiirto/, /\blainaa (?:minulle )?rahaa\b/, /\btarvitsen rahaa\b/, /\blahjakort/],
  fr: [/\benvoie[sz]?[- ]moi (?:de l'|de l |un peu d'|un peu d )?argent\b/, /\bvirement\b/, /\bprete[sz]?[- ]moi\b/, /\bbesoin d'argent\b|\bbesoin d argent\b/, /\bcarte[s]? cadeau/, /\bmandat cash\b/, /\bcoupons? pcs\b/],
  es: [/\b(?:enviame|mandame) (?:algo de |un poco de )?dinero\b/, /\btransferencia\b/, /\bprestame\b/, /\bnecesito (?:el )?dinero\b/, /\btarjetas? (?:de )?regalo/],
  it: [/\b(?:mandami|inviami) (?:dei |un po' di |un po di )?soldi\b/, /\bbonifico\b/, /\bprestami\b/, /\bho bisogno di soldi\b/, /\bcarta regalo\b/, /\bricarica (?:postepay|paysafe)/],
  pl: [/\bwyslij mi (?:troche )?pieniadze\b/, /\bprzelew/, /\bpozycz mi\b/, /\bpotrzebuje pieniedzy\b/, /\bkart[ay] podarunkow/, /\bblik\b/],
};

// Moving to another channel: the messenger's names are the same everywhere; the wording around a number is not.
const MESSENGERS = /\b(?:whats ?app|watsapp|telegram|signal app|snap ?chat|snap: ?\w|kik|viber|wechat|skype|line id|insta(?:gram)?:? ?@?\w|hangouts|google chat|facebook messenger|fb messenger|threema|icq|discord)\b/;
const HANDLE = /(?:^|\s)@[a-z0-9_.]{3,}\b/;
const CONTACT_WORDS: Record<string, RegExp[]> = {
  en: [/\bmy (?:phone )?number is\b/, /\b(?:text|call|add|write to) me on\b/, /\bmy (?:e-?mail|email address) is\b/],
  de: [/\bmeine (?:handy)?nummer\b/, /\bschreib mir (?:auf|bei|per)\b/, /\bmeine e-?mail\b/],
  nl: [/\bmijn (?:telefoon)?nummer\b/, /\b(?:app|bel|mail) me (?:op|via)\b/, /\bmijn e-?mail\b/],
  da: [/\bmit (?:telefon)?nummer\b/, /\bskriv til mig pa\b/, /\bmin e-?mail\b/],
  sv: [/\bmitt (?:telefon)?nummer\b/, /\bskriv till mig pa\b/, /\bmin e-?post\b|\bmin mejl\b/],
  nb: [/\b(?:telefon)?nummeret mitt\b|\bmitt (?:telefon)?nummer\b/, /\bskriv til meg pa\b/, /\be-?posten min\b/],
  fi: [/\bnumeroni\b|\bpuhelinnumeroni\b/, /\bkirjoita minulle\b/, /\bsahkopostini\b/],
  fr: [/\bmon (?:numero|portable|tel)\b/, /\becri[st]?[- ]moi sur\b/, /\bmon (?:e-?mail|adresse mail)\b/],
  es: [/\bmi (?:numero|movil|telefono)\b/, /\bescribeme (?:al|por|en)\b/, /\bmi correo\b/],
  it: [/\bil mio (?:numero|cellulare)\b/, /\bscrivimi (?:su|al|a)\b/, /\bla mia (?:e-?mail|mail)\b/],
  pl: [/\bmoj (?:numer|telefon)\b/, /\bnapisz do mnie na\b/, /\bmoj (?:e-?mail|mail)\b/],
};
const EMAIL = /[a-z0-9._%+-]+\s?@\s?[a-z0-9.-]+\s?\.\s?[a-z]{2,}\b/;
// Bare domains only with the endings links to elsewhere mostly use: "Berlin.Es ist…" (a missing space) is no link.
const LINK = /\bhttps?:\/\/|\bwww\.|\b[a-z0-9-]{2,}\.(?:com|net|org|info|biz|io|ly|ru|xyz|top|online|site|app)\b(?:\/|\s|$)/;

/**
 * A phone number: eight or more digits in a phone's shape — an international "+" (up to 15 digits),
 * a leading 0, or 9 to 12 digits bare. Never digits inside a word: "R13-1796151183030", an order or
 * reference number, is no phone (issue 48 item 14), and neither is a bare 13-digit number (a
 * timestamp, a card or an article number), which no one writes a phone number as without its "+".
 */
function hasPhoneNumber(text: string): boolean {
  for (const match of text.matchAll(/\+?\d[\d\s().\-/]{6,}\d/g)) {
    const digits = match[0].replace(/\D/g, '');
    if (digits.length < 8 || digits.length > 15) continue;
    // The word the number starts in, less a label before a colon ("tel:", "whatsapp:"): letters in it make it a code.
    const start = match.index;
    const before = text.slice(0, start).split(' ').pop()!.split(':').pop()!;
    const after = text.slice(start + match[0].length).split(' ')[0]!;
    if (/[a-z\d]/.test(before) || /^[a-z\d]/.test(after)) continue;
    if (match[0].startsWith('+') || digits.startsWith('0') || (digits.length >= 9 && digits.length <= 12)) return true;
  }
  return false;
}

// The stock stories of romance scams, per language.
const PHRASES: Record<string, RegExp[]> = {
  en: [/\b(?:us |american )?soldier (?:on|in) (?:a )?(?:mission|deployment)\b/, /\bi am (?:currently )?deployed\b/, /\boil rig\b/, /\bun peace ?keep/, /\binheritance\b/, /\bcustoms (?:fee|charges?)\b/, /\bstuck (?:at|in) (?:the )?airport\b/, /\binvestment opportunity\b/, /\bmy late (?:husband|wife)\b/],
  de: [/\bsoldat (?:im|auf) (?:einsatz|mission)\b/, /\bbohrinsel\b/, /\berbschaft\b/, /\bzollgebuhr/, /\bam flughafen (?:festgehalten|fest)\b/, /\binvestitionsmoglichkeit|\bgeldanlage mit\b/],
  nl: [/\bmilitair (?:op|in) (?:missie|uitzending)\b/, /\bboorplatform\b/, /\berfenis\b/, /\bdouanekosten\b/, /\bvast(?:gehouden)? op (?:het )?vliegveld\b/, /\bbeleggingskans\b/],
  da: [/\bsoldat (?:pa|i) mission\b/, /\bboreplatform\b/, /\barv(?:en)? efter\b/, /\btoldafgift/, /\bfast (?:i|pa) lufthavnen\b/, /\binvesteringsmulighed/],
  sv: [/\bsoldat (?:pa|i) uppdrag\b/, /\boljeplattform\b/, /\barvet? efter\b/, /\btullavgift/, /\bfast pa flygplatsen\b/, /\binvesteringsmojlighet/],
  nb: [/\bsoldat (?:pa|i) oppdrag\b/, /\boljeplattform\b/, /\barven? etter\b/, /\btollavgift/, /\bfast pa flyplassen\b/, /\binvesteringsmulighet/],
  fi: [/\bsotilas (?:komennuksella|operaatiossa)\b/, /\bporauslautalla\b/, /\bperinto/, /\btullimaksu/, /\bjumissa lentokentalla\b/, /\bsijoitusmahdollisuu/],
  fr: [/\bmilitaire en mission\b/, /\bplate-?forme petroliere\b/, /\bheritage\b/, /\bfrais de douane\b/, /\bbloquee? a l'aeroport\b|\bbloquee? a l aeroport\b/, /\bopportunite d'investissement\b|\bopportunite d investissement\b/],
  es: [/\bsoldado en (?:mision|servicio)\b/, /\bplataforma petrolera\b/, /\bherencia\b/, /\b(?:tasas|gastos) de aduana\b/, /\batrapad[oa] en el aeropuerto\b/, /\boportunidad de inversion\b/],
  it: [/\bsoldato in missione\b/, /\bpiattaforma petrolifera\b/, /\beredita\b/, /\bspese doganali\b|\bdazi doganali\b/, /\bbloccat[oa] in aeroporto\b/, /\bopportunita di investimento\b/],
  pl: [/\bzolnierz(?:em)? na misji\b/, /\bplatformie wiertniczej\b/, /\bspadek po\b/, /\bop(?:l|ł)aty celne\b|\bclo\b/, /\butknal(?:am|em)? na lotnisku\b/, /\bokazja inwestycyjna\b/],
};

/** The rules a text matches, each named once, in a fixed order; an empty list for none. */
export function scanForSignals(text: string): SignalRule[] {
  const t = normalise(text);
  const hits = new Set<SignalRule>();
  const any = (patterns: RegExp[]) => patterns.some((p) => p.test(t));
  const anyLanguage = (table: Record<string, RegExp[]>) => Object.values(table).some(any);
  if (any(MONEY_ANY) || anyLanguage(MONEY)) hits.add('money');
  if (hasPhoneNumber(t)) hits.add('contact_phone');
  if (EMAIL.test(t)) hits.add('contact_email');
  if (MESSENGERS.test(t) || HANDLE.test(t) || anyLanguage(CONTACT_WORDS)) hits.add('contact_messenger');
  if (LINK.test(t)) hits.add('contact_link');
  if (anyLanguage(PHRASES)) hits.add('phrase');
  const order: SignalRule[] = ['money', 'contact_phone', 'contact_email', 'contact_messenger', 'contact_link', 'phrase'];
  return order.filter((rule) => hits.has(rule));
}
