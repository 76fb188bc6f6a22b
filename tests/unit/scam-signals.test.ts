// The chat's scam rules (issue 25 item 4, docs/decisions/0029) with examples in every language:
// money requests, off-site contact (phone, e-mail, messenger, link) and stock scam stories are
// found, also when spelled around ("name (at) mail (dot) com"); everyday talk is not flagged.
import { describe, expect, it } from 'vitest';
import { scanForSignals, type SignalRule } from '~/.server/trust/signals';

const HITS: Record<string, [string, SignalRule][]> = {
  en: [
    ['Could you send me some money for the ticket?', 'money'],
    ['My number is 0612345678, text me', 'contact_phone'],
    ['Add me on WhatsApp, it is easier', 'contact_messenger'],
    ['I am a US soldier on a mission in Syria', 'phrase'],
  ],
  de: [
    ['Kannst du mir bitte Geld überweisen? Es ist dringend.', 'money'],
    ['Schreib mir lieber: anna.k (at) gmx (dot) de', 'contact_email'],
    ['Meine Handynummer ist +49 171 2345678', 'contact_phone'],
    ['Ich arbeite auf einer Bohrinsel in der Nordsee', 'phrase'],
  ],
  nl: [
    ['Kun je me wat geld sturen? Ik heb geld nodig voor de huur', 'money'],
    ['App me op 06-12345678', 'contact_phone'],
    ['Kijk eens op www.mijnprofiel-privé.nl', 'contact_link'],
    ['Ik moet douanekosten betalen voor mijn pakket', 'phrase'],
  ],
  da: [
    ['Kan du sende mig nogle penge? Jeg mangler penge til billetten', 'money'],
    ['Skriv til mig på Telegram', 'contact_messenger'],
    ['Mit nummer er 20 12 34 56 78', 'contact_phone'],
    ['Jeg sidder fast i lufthavnen og skal betale toldafgift', 'phrase'],
  ],
  sv: [
    ['Kan du skicka mig pengar? Jag behöver pengar idag', 'money'],
    ['Mejla mig på lisa.berg@outlook.com', 'contact_email'],
    ['Lägg till mig på Snapchat', 'contact_messenger'],
    ['Jag är soldat på uppdrag utomlands', 'phrase'],
  ],
  nb: [
    ['Kan du låne meg penger? Bare Vipps meg', 'money'],
    ['Nummeret mitt er 912 34 567', 'contact_messenger'],
    ['Se bildene mine på https://bilder.example', 'contact_link'],
    ['Jeg jobber på en oljeplattform i Nordsjøen', 'phrase'],
  ],
  fi: [
    ['Voisitko lähettää minulle rahaa? Tarvitsen rahaa lippuun', 'money'],
    ['Puhelinnumeroni on 040 123 4567', 'contact_phone'],
    ['Kirjoita minulle WhatsAppissa', 'contact_messenger'],
    ['Olen sotilas komennuksella ja odotan perintöä', 'phrase'],
  ],
  fr: [
    ["Envoie-moi de l'argent par Western Union s'il te plaît", 'money'],
    ['Mon numéro : 06 12 34 56 78', 'contact_phone'],
    ['Écris-moi sur Instagram @marie_paris', 'contact_messenger'],
    ["Je suis bloquée à l'aéroport, il faut payer les frais de douane", 'phrase'],
  ],
  es: [
    ['¿Puedes enviarme dinero? Mándame dinero por transferencia', 'money'],
    ['Mi número es +34 612 345 678', 'contact_phone'],
    ['Escríbeme al correo lucia.g@gmail.com', 'contact_email'],
    ['Tengo una oportunidad de inversión para nosotros', 'phrase'],
  ],
  it: [
    ['Mandami dei soldi con un bonifico, ti prego', 'money'],
    ['Il mio numero è 347 123 4567', 'contact_phone'],
    ['Scrivimi su Telegram', 'contact_messenger'],
    ["Sono un soldato in missione e aspetto un'eredità", 'phrase'],
  ],
  pl: [
    ['Pożycz mi proszę, potrzebuję pieniędzy na bilet', 'money'],
    ['Mój numer: 512 345 678', 'contact_phone'],
    ['Napisz do mnie na Viber', 'contact_messenger'],
    ['Utknęłam na lotnisku i muszę zapłacić opłaty celne', 'phrase'],
  ],
};

const CLEAN: Record<string, string[]> = {
  en: ['I am 45 and live about 20 km from the coast.', 'I was born in 1985 and moved here in 2010.', 'Do you like walking by the sea? I love my dog.'],
  de: ['Ich bin 52 Jahre alt und wohne in Köln.', 'Am Wochenende gehe ich gern wandern.Und du?'],
  nl: ['Ik woon al 12 jaar in Utrecht.', 'Zullen we zaterdag om 14:30 koffie drinken?'],
  da: ['Jeg elsker at lave mad og gå ture med min hund.'],
  sv: ['Jag har två barn, 8 och 11 år gamla.'],
  nb: ['Jeg liker fjellturer og god mat.'],
  fi: ['Asun Tampereella ja pidän saunomisesta.'],
  fr: ["J'ai 38 ans et j'adore la cuisine italienne."],
  es: ['Me encanta bailar salsa los viernes.'],
  it: ['Abito a Milano da 5 anni.'],
  pl: ['Lubię góry i długie spacery z psem.'],
};

describe('scam rules', () => {
  it('covers all eleven languages with examples of money, contact and scam stories', () => {
    expect(Object.keys(HITS).sort()).toEqual(['da', 'de', 'en', 'es', 'fi', 'fr', 'it', 'nb', 'nl', 'pl', 'sv']);
  });

  for (const [locale, examples] of Object.entries(HITS)) {
    it(`finds the signals in ${locale}`, () => {
      for (const [text, rule] of examples) expect(scanForSignals(text), text).toContain(rule);
    });
  }

  for (const [locale, texts] of Object.entries(CLEAN)) {
    it(`leaves everyday ${locale} talk alone`, () => {
      for (const text of texts) expect(scanForSignals(text), text).toEqual([]);
    });
  }

  // Issue 48 item 14: the safety tip fired for "R13-1796151183030 text".
  it('sees no phone in a reference code or a bare 13-digit number, and still one with its "+" or a label', () => {
    for (const text of ['R13-1796151183030 text', 'Order 1796151183030 arrived', 'ticket AB-123456789 ok', 'ref 1796151183030.']) expect(scanForSignals(text), text).toEqual([]);
    for (const text of ['+49 1511 2345 6789 call', 'tel:0612345678', 'bel 0612345678', 'my cell 612345678']) expect(scanForSignals(text), text).toContain('contact_phone');
  });

  it('names each rule once, in a fixed order, for a message with several', () => {
    expect(scanForSignals('Send me money via western union, my whatsapp is +31 6 1234 5678, see www.x.com')).toEqual(['money', 'contact_phone', 'contact_messenger', 'contact_link']);
  });
});
