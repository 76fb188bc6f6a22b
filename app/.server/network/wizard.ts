// The new-brand wizard (issue 35 item 4, docs/decisions/0053-brand-wizard.md): a network admin fills
// one sectioned form that starts from a demo tenant's file or an empty one; the form is merged into
// that file (every field the form does not ask for is kept as it was), checked with exactly the rules
// of `npm run tenant:check` (tenants.ts), kept as a draft server-side under a random token for the
// preview frames, and saved as the site's version in the database (tenants/store.ts, decision 0066).
// Editing a site goes through the same form, shows a line diff against the site's current version
// and stores the new one beside every earlier version (decisions 0054, 0066).
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { diffArrays } from 'diff';
import { z } from 'zod';
import { contrastRatio, AA_TEXT } from '../../../themes/contrast';
import { colorsForNiche } from '../../../themes/niches';
import { NICHES } from '~/shared/catalogue';
import type { Locale } from '~/shared/locales';
import { now } from '../clock';
import type { DB } from '../db/schema';
import { hashToken } from '../accounts/tokens';
import { serverMessage } from '../i18n/messages';
import { scaffoldTenant } from '../tenants/scaffold';
import { TenantSchema, describeIssues, type Tenant } from '../tenants/schema';
import { parseJsonShallow } from '~/shared/request-rules';
import type { Contrast, DiffLine, FormColour, FormValues } from '~/shared/network-wizard';
import { formatTenantFile } from './json-layout';
import { saveVersion } from '../tenants/store';
import { checkTenantFile, fieldsOf, refusalOf, Rollback, underSitesLock, type TenantSource } from './tenants';
import { audit, networkCan, type Client, type NetworkActor } from './staff';

export type { Contrast, DiffLine, FormValues } from '~/shared/network-wizard';

/** A tenant file as JSON, possibly not valid yet. */
export type FileObject = Record<string, unknown>;
type Form = Record<string, string | string[] | undefined>;

const DRAFT_MS = 60 * 60_000;
/** The colours the form asks for (the rest of theme.colors stays as the file has it). */
export const FORM_COLOURS = ['primary', 'primaryHover', 'onPrimary', 'text', 'background'] as const satisfies readonly FormColour[];
/** Foreground / background pairs whose contrast the form shows (WCAG AA for normal text: 4.5:1). */
export const CONTRAST_PAIRS = [
  { id: 'button', fg: 'onPrimary', bg: 'primary' },
  { id: 'buttonHover', fg: 'onPrimary', bg: 'primaryHover' },
  { id: 'text', fg: 'text', bg: 'background' },
  { id: 'link', fg: 'primary', bg: 'background' },
] as const;
/** Empty rows the form offers after the file's bundles, variants and splits. */
export const EXTRA_ROWS = 1;

const isObject = (value: unknown): value is FileObject => typeof value === 'object' && value !== null && !Array.isArray(value);
const objectAt = (value: unknown): FileObject => (isObject(value) ? value : {});
const list = (form: Form, name: string): string[] => [form[name] ?? []].flat().map((value) => String(value));
const one = (form: Form, name: string): string => (list(form, name)[0] ?? '').trim();

/** The file a wizard starts from: a copy of a site's file without its id and domains, or tenant:new's skeleton without them. */
export function startingFile(from: Tenant | null, raw: FileObject | null): FileObject {
  const file = structuredClone(raw ?? (scaffoldTenant('', '') as unknown as FileObject));
  const settings = objectAt(file.settings);
  file.id = '';
  file.domains = [];
  settings.domain = '';
  if (!from) {
    settings.name = '';
    settings.mail_name = '';
    settings.support_email = 'support@example.com';
  }
  file.settings = settings;
  return file;
}

/** The language the form's texts (tagline, lander texts) are in: the domain language's. */
function formLanguage(file: FileObject): string {
  const language = String(objectAt(file.settings).domain_language ?? '').slice(0, 2);
  return language || (Array.isArray(file.locales) ? String(file.locales[0] ?? 'en') : 'en');
}

/** "EUR 19.95, GBP 17.95" → { EUR: 1995, GBP: 1795 }; a price that is no number stays as typed (the schema names it). */
export function parsePrices(text: string): Record<string, unknown> {
  const prices: Record<string, unknown> = {};
  for (const part of text.split(/[,;\n]/).map((p) => p.trim()).filter(Boolean)) {
    const match = /^([A-Za-z]{3})\s*[: =]?\s*(.*)$/.exec(part);
    const currency = (match?.[1] ?? part).toUpperCase();
    const amount = (match?.[2] ?? '').trim().replace(',', '.');
    prices[currency] = /^\d+(\.\d{1,2})?$/.test(amount) ? Math.round(Number(amount) * 100) : amount;
  }
  return prices;
}

export function formatPrices(prices: unknown): string {
  return Object.entries(objectAt(prices))
    .map(([currency, minor]) => `${currency} ${typeof minor === 'number' ? (minor / 100).toFixed(2) : String(minor)}`)
    .join(', ');
}

const numberOrText = (value: string): unknown => (/^-?\d+$/.test(value) ? Number(value) : value);
const words = (text: string) => text.split(/[\s,;]+/).map((w) => w.trim()).filter(Boolean);

/** Rows of repeated inputs: row i of each named list; rows whose cells are all empty are dropped. */
function rows(form: Form, names: string[]): { index: number; cells: string[] }[] {
  const columns = names.map((name) => list(form, name));
  const count = Math.max(0, ...columns.map((column) => column.length));
  const result: { index: number; cells: string[] }[] = [];
  for (let index = 0; index < count; index++) {
    const cells = columns.map((column) => (column[index] ?? '').trim());
    if (cells.some(Boolean)) result.push({ index, cells });
  }
  return result;
}

/** The posted wizard form merged into its base file (the form's `file`). A base that is no JSON object is reported as such. */
export function fileFromForm(form: Form, editing: string | null): { file: FileObject; jsonError: boolean; tooLong: boolean } {
  let base: FileObject = {};
  let jsonError = false;
  const tooLong = one(form, 'file').length > MAX_FILE_CHARS;
  // Parsed with a depth bound: 5,000 nested arrays once overflowed structuredClone's stack (issue 43).
  // A file above the cap is not read at all (nor diffed): the form says so.
  const parsed = tooLong ? {} : parseJsonShallow(one(form, 'file') || '{}');
  if (isObject(parsed)) base = parsed;
  else jsonError = true;
  const file = structuredClone(base);
  const settings = objectAt(file.settings);
  file.id = editing ?? one(form, 'id');
  const domains = words(one(form, 'domains').toLowerCase());
  file.domains = domains;
  settings.domain = domains[0] ?? '';
  settings.name = one(form, 'name');
  if (!settings.mail_name) settings.mail_name = settings.name;
  settings.domain_language = one(form, 'domain_language');
  settings.niche = numberOrText(one(form, 'niche'));
  settings.countries = words(one(form, 'countries'));
  settings.signups = one(form, 'signups');
  // The file's own order of languages is kept (the checkboxes come in the catalogue's order).
  const before = Array.isArray(base.locales) ? base.locales.map(String) : [];
  const checked = list(form, 'locales');
  file.locales = [...before.filter((locale) => checked.includes(locale)), ...checked.filter((locale) => !before.includes(locale))];
  file.settings = settings;

  const theme = objectAt(file.theme);
  const colours = objectAt(theme.colors);
  const defaults = nicheColours(settings.niche);
  for (const name of FORM_COLOURS) {
    const value = one(form, `color_${name}`);
    // The niche's own colour is not written into a file that did not state it (the file stays as small as it was).
    if (value && (name in colours || value.toLowerCase() !== defaults[name]?.toLowerCase())) colours[name] = value;
    else delete colours[name];
  }
  if (Object.keys(colours).length || isObject(objectAt(base.theme).colors)) theme.colors = colours;
  else delete theme.colors;
  const language = formLanguage(file);
  const logo = objectAt(theme.logo);
  logo.text = one(form, 'logo_text');
  const tagline = { ...objectAt(logo.tagline) };
  const taglineText = one(form, 'logo_tagline');
  if (taglineText) tagline[language] = taglineText;
  else delete tagline[language];
  if (Object.keys(tagline).length) logo.tagline = tagline;
  else delete logo.tagline;
  theme.logo = logo;
  file.theme = theme;

  const baseBundles = Array.isArray(base.credit_packages) ? base.credit_packages : [];
  file.credit_packages = rows(form, ['bundle_id', 'bundle_credits', 'bundle_prices']).map(({ index, cells: [id, credits, prices] }) => ({
    ...objectAt(baseBundles[index]),
    id,
    credits: numberOrText(credits ?? ''),
    prices: parsePrices(prices ?? ''),
  }));

  const baseLanders = objectAt(base.landers);
  const baseVariants = Array.isArray(baseLanders.variants) ? baseLanders.variants : [];
  const text = (previous: unknown, value: string) => {
    const texts = { ...objectAt(previous) };
    if (value) texts[language] = value;
    else delete texts[language];
    return texts;
  };
  const variants = rows(form, ['variant_slug', 'variant_headline', 'variant_subline', 'variant_cta', 'variant_accent']).map(({ index, cells: [slug, headline, subline, cta, accent] }) => {
    const previous = objectAt(baseVariants[index]);
    const variant: FileObject = { ...previous, slug, headline: text(previous.headline, headline ?? ''), subline: text(previous.subline, subline ?? ''), cta: text(previous.cta, cta ?? '') };
    if (accent) variant.accent = accent;
    else delete variant.accent;
    return variant;
  });
  // A split keeps what the form does not show (its mode, goal, floor and warm-up: decision 0064).
  const baseSplits = Array.isArray(baseLanders.splits) ? baseLanders.splits : [];
  const splits = rows(form, ['split_slug', 'split_variants']).map(({ index, cells: [slug, parts] }) => ({
    ...objectAt(baseSplits[index]),
    slug,
    variants: (parts ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [variant = '', weight = ''] = part.split(/\s+/);
        return { variant, weight: numberOrText(weight) };
      }),
  }));
  if (variants.length || splits.length) {
    file.landers = { ...baseLanders, variants, splits };
    if (!splits.length && !('splits' in baseLanders)) delete (file.landers as FileObject).splits;
  } else delete file.landers;
  return { file, jsonError, tooLong };
}


/** The colours a niche's theme declares (what a file without colours gets). */
const nicheColours = (niche: unknown): Record<string, string> => colorsForNiche(typeof niche === 'number' && niche in NICHES ? niche : 1) as unknown as Record<string, string>;

const str = (value: unknown) => (value === undefined || value === null ? '' : String(value));

export function formValues(file: FileObject): FormValues {
  const settings = objectAt(file.settings);
  const theme = objectAt(file.theme);
  const declared = objectAt(theme.colors);
  // Colours the file leaves out are shown as the niche's theme has them.
  const defaults = nicheColours(settings.niche);
  const language = formLanguage(file);
  const landers = objectAt(file.landers);
  const texts = (value: unknown) => str(objectAt(value)[language]);
  return {
    id: str(file.id),
    name: str(settings.name),
    domains: (Array.isArray(file.domains) ? file.domains : []).map(str).join('\n'),
    domain_language: str(settings.domain_language),
    niche: str(settings.niche),
    countries: (Array.isArray(settings.countries) ? settings.countries : []).map(str).join(', '),
    locales: (Array.isArray(file.locales) ? file.locales : []).map(str),
    signups: str(settings.signups),
    colours: Object.fromEntries(FORM_COLOURS.map((name) => [name, str(declared[name]) || (defaults[name] ?? '')])) as FormValues['colours'],
    logo_text: str(objectAt(theme.logo).text),
    logo_tagline: texts(objectAt(theme.logo).tagline),
    bundles: (Array.isArray(file.credit_packages) ? file.credit_packages : []).map((bundle) => ({ id: str(objectAt(bundle).id), credits: str(objectAt(bundle).credits), prices: formatPrices(objectAt(bundle).prices) })),
    variants: (Array.isArray(landers.variants) ? landers.variants : []).map((v) => {
      const variant = objectAt(v);
      return { slug: str(variant.slug), headline: texts(variant.headline), subline: texts(variant.subline), cta: texts(variant.cta), accent: str(variant.accent) };
    }),
    splits: (Array.isArray(landers.splits) ? landers.splits : []).map((s) => ({
      slug: str(objectAt(s).slug),
      variants: (Array.isArray(objectAt(s).variants) ? (objectAt(s).variants as unknown[]) : []).map((part) => `${str(objectAt(part).variant)} ${str(objectAt(part).weight)}`).join(', '),
    })),
    language,
  };
}


/** The contrast of each pair of the form's colours against WCAG AA for normal text (4.5:1); null for a colour that is none. */
export function contrasts(colours: Record<string, string>): Contrast[] {
  const colour = (value: string | undefined) => (value && /^#[0-9a-f]{6}$/i.test(value) ? value : null);
  return CONTRAST_PAIRS.map((pair) => {
    const fg = colour(colours[pair.fg]);
    const bg = colour(colours[pair.bg]);
    const ratio = fg && bg ? Math.round(contrastRatio(fg, bg) * 100) / 100 : null;
    return { id: pair.id, fg: fg ?? '', bg: bg ?? '', ratio, pass: ratio !== null && ratio >= AA_TEXT };
  });
}

// ——— Where a problem is shown, and in which language ———

/** The form element a problem's path belongs to ("settings.niche" → niche, "credit_packages.2.prices.EUR" → bundle-2); the rest goes with the whole file. */
export function anchorOf(field: string): string {
  const parts = field.split('.');
  const direct: Record<string, string> = {
    id: 'id',
    domains: 'domains',
    locales: 'locales',
    'settings.domain': 'domains',
    'settings.name': 'name',
    'settings.domain_language': 'domain_language',
    'settings.niche': 'niche',
    'settings.countries': 'countries',
    'settings.signups': 'signups',
    'theme.logo.text': 'logo_text',
    'theme.logo.tagline': 'logo_tagline',
  };
  for (let length = parts.length; length > 0; length--) {
    const found = direct[parts.slice(0, length).join('.')];
    if (found) return found;
  }
  if (parts[0] === 'theme' && parts[1] === 'colors' && (FORM_COLOURS as readonly string[]).includes(parts[2] ?? '')) return `color_${parts[2]}`;
  if (parts[0] === 'credit_packages' && /^\d+$/.test(parts[1] ?? '')) return `bundle-${parts[1]}`;
  if (parts[0] === 'credit_packages') return 'bundles';
  if (parts[0] === 'landers' && parts[1] === 'variants' && /^\d+$/.test(parts[2] ?? '')) return `variant-${parts[2]}`;
  if (parts[0] === 'landers' && parts[1] === 'splits' && /^\d+$/.test(parts[2] ?? '')) return `split-${parts[2]}`;
  if (parts[0] === 'landers') return 'landers';
  return 'file';
}

/**
 * tenant:check's own messages (schema.ts, campaign-schema.ts, tenants.ts) and their message ids: the
 * staff member reads them in their language, the field named as tenant:check names it. A message not
 * listed here is shown as tenant:check prints it.
 */
const CHECK_MESSAGES: [RegExp, string][] = [
  [/^must be an ISO 3166-1 alpha-2 code in capitals, e\.g\. NL$/, 'country'],
  [/^must be an ISO 4217 code, e\.g\. EUR$/, 'currency'],
  [/^must be a colour like #e6317a$/, 'colour'],
  [/^must be a lower-case host name like example\.com$/, 'domain'],
  [/^needs at least one language$/, 'oneLanguage'],
  [/^must look like nl_NL$/, 'domainLanguage'],
  [/^must be a niche from 1 to 7$/, 'niche'],
  [/^must be a phone number like \+31 20-123 4567$/, 'phone'],
  [/^must be lower-case letters, digits and dashes$/, 'slug'],
  [/^lowercase letters, digits and hyphens only$/, 'slug'],
  [/^must be lower-case letters and digits joined by dashes, e\.g\. she-summer$/, 'landerSlug'],
  [/^must be one of the tenant's domains$/, 'ownDomain'],
  [/^must include the domain language "(?<value>[^"]+)"$/, 'includeLanguage'],
  [/^lacks the "(?<value>[^"]+)" text$/, 'lacksText'],
  [/^(?<value>\S+) has no known currency$/, 'noCurrency'],
  [/^is used twice$/, 'twice'],
  [/^lacks a price in (?<value>[A-Z]{3})$/, 'lacksPrice'],
  [/^is also a credit package$/, 'alsoBundle'],
  [/^offers no method a payer in (?<value>\S+) can use$/, 'noMethod'],
  [/^must start with the niche prefix "(?<value>[^"]+)"$/, 'prefix'],
  [/^min_age is above max_age$/, 'ages'],
  [/^is not a variant of this tenant$/, 'notVariant'],
  [/^needs at least two variants to split$/, 'twoVariants'],
  [/^"(?<value>[^"]+)" is already a tenant$/, 'taken'],
  [/^"(?<value>[^"]+)" is already used by (?<owner>\S+)$/, 'domainTaken'],
  [/^is not valid JSON$/, 'json'],
  [/^changed since the diff was shown; review it again$/, 'changed'],
  // tenants/check.ts (docs/decisions/0068)
  [/^holds a control character$/, 'control'],
  [/^is not valid Unicode \(a lone surrogate\)$/, 'unicode'],
  [/^is too long \(at most (?<value>\d+) characters\)$/, 'tooLong'],
  [/^is not a valid name$/, 'keyName'],
  [/^"(?<value>[^"]+)" is the network console's host \(ADMIN_HOST\)$/, 'adminHost'],
  [/^"(?<value>[^"]+)" would answer on (?<owner>\S+), the network console's host \(ADMIN_HOST\)$/, 'adminId'],
  [/^"(?<value>[^"]+)" is the demo host of (?<owner>\S+)$/, 'demoHost'],
  [/^its demo host "(?<value>[^"]+)" is a domain of (?<owner>\S+)$/, 'demoHostTaken'],
  [/^the sandbox provider settles payments for anyone: /, 'sandbox'],
  [/^must be an environment variable name with MOLLIE as one of its words/, 'mollieEnv'],
  [/^must stay under \/dev\/postbacks\//, 'postbackPath'],
  [/^must not point to a private, local or metadata address$/, 'postbackPrivate'],
  [/^must equal the file name "(?<value>[^"]+)"$/, 'fileName'],
];

function translateCheck(locale: Locale, message: string): string {
  for (const [pattern, id] of CHECK_MESSAGES) {
    const match = pattern.exec(message);
    if (match) return serverMessage(locale, `network.check.${id}`, { value: match.groups?.value ?? '', owner: match.groups?.owner ?? '' });
  }
  return message;
}

const ZOD_LOCALES: Record<Locale, () => { localeError: z.core.$ZodErrorMap }> = {
  da: z.locales.da,
  de: z.locales.de,
  en: z.locales.en,
  es: z.locales.es,
  fi: z.locales.fi,
  fr: z.locales.fr,
  it: z.locales.it,
  nb: z.locales.no,
  nl: z.locales.nl,
  pl: z.locales.pl,
  sv: z.locales.sv,
};

/**
 * The problems of a file per form anchor, each "field: message" in the staff member's language: the
 * schema's built-in messages through zod's own translation, tenant:check's wording through the
 * network.check.* messages.
 */
export function localizedProblems(locale: Locale, file: unknown, problems: string[]): Record<string, string[]> {
  let lines = problems;
  if (locale !== 'en') {
    const parsed = TenantSchema.safeParse(file, { error: ZOD_LOCALES[locale]().localeError });
    // The schema's own problems in the locale; the checks beyond the schema (id, domains) only come when it passes.
    if (!parsed.success) lines = describeIssues(parsed.error);
  }
  const byAnchor: Record<string, string[]> = {};
  for (const line of lines) {
    const at = line.indexOf(': ');
    const field = line.slice(0, at);
    (byAnchor[anchorOf(field)] ??= []).push(`${field}: ${translateCheck(locale, line.slice(at + 2))}`);
  }
  return byAnchor;
}

// ——— Drafts ———

export type WizardResult<T> = { ok: true; value: T } | { ok: false; error: 'forbidden' | 'not_found' | 'changed' | 'taken' };

/**
 * Keeps the draft (a new one, or the actor's own under `token`) for an hour; returns its token. Only
 * a draft whose id is new or the edited site's own is stored (`taken` otherwise): a draft under
 * another site's id would have its preview run that site's real loaders for whoever holds the token.
 */
export async function saveDraft(
  db: Kysely<DB>,
  actor: NetworkActor | null,
  input: { token: string | null; file: FileObject; existing: readonly string[]; editing: string | null },
): Promise<WizardResult<string>> {
  if (!networkCan(actor, 'tenants')) return { ok: false, error: 'forbidden' };
  const id = typeof input.file.id === 'string' ? input.file.id : '';
  if (id !== input.editing && input.existing.includes(id)) return { ok: false, error: 'taken' };
  const at = now();
  const expires = new Date(at.getTime() + DRAFT_MS);
  await db.deleteFrom('network_drafts').where('expires_at', '<=', at).execute();
  if (input.token && /^[\w-]{20,100}$/.test(input.token)) {
    const updated = await db
      .updateTable('network_drafts')
      .set({ file: JSON.stringify(input.file), updated_at: at, expires_at: expires })
      .where('id', '=', hashToken(input.token))
      .where('staff_id', '=', actor.id)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 1) return { ok: true, value: input.token };
  }
  const token = crypto.randomBytes(24).toString('base64url');
  await db.insertInto('network_drafts').values({ id: hashToken(token), staff_id: actor.id, file: JSON.stringify(input.file), updated_at: at, expires_at: expires }).execute();
  return { ok: true, value: token };
}

/**
 * The app path a preview frame may render, or null: plain path characters only (no `%`, so no
 * encoded `..%2f` or `%5c` for the app's own decoding to turn into another path), no `.` or `..`
 * segment, and nothing of the API, the dev pages or members' media — a preview shows pages.
 */
export function previewPath(rest: string): string | null {
  if (!/^\/[A-Za-z0-9\-_~/.]*$/.test(rest)) return null;
  const segments = rest.split('/');
  if (segments.some((segment) => segment === '.' || segment === '..')) return null;
  if (/^\/(?:api|dev|media|healthz|readyz)(?:\/|$)/i.test(rest)) return null;
  return rest;
}

/** The tenant a draft's preview renders: the token is the capability (the frames carry no session); null when unknown, expired or not valid. */
export async function draftTenant(db: Kysely<DB>, token: string): Promise<{ tenant: Tenant | null } | null> {
  if (!/^[\w-]{20,100}$/.test(token)) return null;
  const row = await db.selectFrom('network_drafts').select('file').where('id', '=', hashToken(token)).where('expires_at', '>', now()).executeTakeFirst();
  if (!row) return null;
  const file = objectAt(typeof row.file === 'string' ? JSON.parse(row.file) : row.file);
  // A brand without its id or domains yet is still shown: the frames render it under stand-ins.
  if (typeof file.id !== 'string' || !/^[a-z][a-z0-9-]{1,39}$/.test(file.id)) file.id = 'preview';
  const domains: unknown[] = Array.isArray(file.domains) && file.domains.length > 0 ? file.domains : ['preview.example'];
  file.domains = domains;
  const settings = objectAt(file.settings);
  if (!domains.includes(settings.domain)) file.settings = { ...settings, domain: domains[0] };
  const parsed = TenantSchema.safeParse(file);
  return { tenant: parsed.success ? parsed.data : null };
}

// ——— Editing a site: the diff and the previous file ———

/** A file's text as it is written: laid out as `like` (the file it replaces) was. */
export const fileText = (file: unknown, like: string | null = null) => formatTenantFile(file, like);
export const textHash = (text: string) => crypto.createHash('sha256').update(text).digest('hex');


/**
 * The largest file text the review diffs (and the wizard saves): far above any tenant file (the
 * demo's are under 12 KB), far below what makes a diff cost the event loop anything.
 */
export const MAX_FILE_CHARS = 200_000;

/**
 * A line diff: what a reviewer reads before the file is replaced. Myers' O((N+M)·D) algorithm of
 * the `diff` package (D the lines changed: an edit touches a few lines), not a quadratic table —
 * a 10,000-line file once took seconds and ~400 MB (issue 43 item 6). Texts above MAX_FILE_CHARS
 * are refused before they get here (checkFileSize).
 */
export function lineDiff(before: string, after: string): DiffLine[] {
  const result: DiffLine[] = [];
  let old = 1;
  let next = 1;
  for (const part of diffArrays(before.split('\n'), after.split('\n'))) {
    for (const text of part.value) {
      if (part.removed) result.push({ kind: 'del', text, old: old++, new: null });
      else if (part.added) result.push({ kind: 'add', text, old: null, new: next++ });
      else result.push({ kind: 'same', text, old: old++, new: next++ });
    }
  }
  return result;
}

/** "(file): is too long" when a file's text is above MAX_FILE_CHARS, else null. */
export function fileSizeProblem(text: string): string | null {
  return text.length > MAX_FILE_CHARS ? `(file): is too long (at most ${MAX_FILE_CHARS} characters)` : null;
}

export type UpdateResult =
  | { ok: true; id: string; version: number }
  | { ok: false; error: 'forbidden' | 'not_found' | 'changed' }
  | { ok: false; error: 'validation'; fields: Record<string, string>; problems: string[] };

/**
 * Replaces a site's file with a checked new one. `expected` is the hash of the version the reviewer
 * saw the diff against: a site changed since is not overwritten. The new text is the site's next
 * version (every earlier one stays in tenant_versions); the save is audited with both versions' hashes.
 */
export async function updateTenantFile(
  db: Kysely<DB>,
  actor: NetworkActor | null,
  input: { id: string; file: unknown; expected: string; source: TenantSource },
  client: Client,
): Promise<UpdateResult> {
  if (!networkCan(actor, 'tenants')) return { ok: false, error: 'forbidden' };
  const { source } = input;
  // Under the lock of every save (network/tenants.ts): answered only once this instance serves the new version.
  return underSitesLock(db, source, async (trx): Promise<UpdateResult> => {
    const before = source.text(input.id);
    if (before === null) return { ok: false, error: 'not_found' };
    if (textHash(before) !== input.expected) return { ok: false, error: 'changed' };
    const refusal = (problems: string[]): UpdateResult => ({ ok: false, error: 'validation', fields: fieldsOf(problems), problems });
    const checked = checkTenantFile(input.file, { existing: source.tenants(), editing: input.id });
    if (!checked.ok) return refusal(checked.problems);
    const after = fileText(input.file, before);
    const version = await saveVersion(trx, { id: input.id, text: after, source: 'console', staffId: actor.id });
    const refused = refusalOf(await source.refresh(trx), source, input.id);
    if (refused) throw new Rollback(refusal(refused));
    await audit(trx, actor.id, 'tenant_update', client, { tenant: input.id, version, before: textHash(before), after: textHash(after) });
    return { ok: true, id: input.id, version };
  });
}
