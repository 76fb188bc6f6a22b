// Every rule a tenant file must meet, in one place (issue 43 item 5, docs/decisions/0068): the start
// (registry.ts), `npm run tenant:check`, the wizard's drafts, Check and save and
// POST /api/network/tenants.php all call `checkTenantFile`, so nothing the console saves can make the
// next start refuse, take over another site's host or break a page. Each problem names its field as
// "path: message" (the wizard puts it beside that field, network/wizard.ts anchorOf).
//
// Beyond the schema (schema.ts): text rules on every string and key of the file (no control
// characters but tab and line break, valid Unicode — no lone surrogate, which PostgreSQL's json and
// text refuse — and a length bound per field, TEXT_BOUNDS); the file name is the id; a domain
// only once in the file and in no other tenant of the set, nor another tenant's demo host
// `<id>.localhost`; neither a domain nor the demo host `<id>.localhost` the network console's
// ADMIN_HOST; and no sandbox payments in a real production start.
import { hasControlCharacters } from '~/shared/request-rules';
import { HTTPS_ONLY_IN_PRODUCTION, NO_OWN_ADDRESS } from './postback-templates';
import { describeIssues, TenantSchema, type Tenant } from './schema';

/** What the start knows that a file cannot: the console's host and whether this is a real production start. */
export interface StartRules {
  adminHost: string | null;
  realProduction: boolean;
}

/** The rules of this process, read from the environment as config.ts reads it (ADMIN_HOST defaults to admin.localhost outside a real production start). */
export function startRules(env: Record<string, string | undefined> = process.env): StartRules {
  const flag = (value: string | undefined) => value !== undefined && ['1', 'true', 'yes', 'on'].includes(value.trim().toLowerCase());
  const realProduction = env.NODE_ENV === 'production' && !flag(env.DEMO);
  const adminHost = env.ADMIN_HOST?.trim().toLowerCase() || (realProduction ? null : 'admin.localhost');
  return { adminHost, realProduction };
}

/** The id rule of file names: an id that could leave the folder or hide the file is no id. */
export const TENANT_ID = /^[a-z][a-z0-9-]{1,39}$/;

/**
 * The longest text each field may hold, in characters (docs/tenants.md "Bounds"): a path with `*`
 * for any key or index; the first pattern that matches wins, every other string gets DEFAULT_BOUND.
 * They keep a page a page (a 200 KB brand name made a 3.8 MB terms page) and leave room for every
 * demo text.
 */
export const TEXT_BOUNDS: [string, number][] = [
  ['settings.name', 60],
  ['settings.mail_name', 60],
  ['theme.logo.text', 30],
  ['theme.logo.tagline.*', 80],
  ['settings.index_title.*', 120],
  ['settings.description.*', 400],
  ['settings.fictional_warning.*.*', 400],
  ['landers.variants.*.headline.*', 120],
  ['landers.variants.*.subline.*', 300],
  ['landers.variants.*.cta.*', 40],
  ['company.name', 120],
  ['company.address', 200],
  ['company.city', 80],
  ['company.kvk', 40],
  ['company.tradenames.*', 120],
  ['postbacks.*.*', 2000],
];
export const DEFAULT_BOUND = 1000;
/** Object keys (languages, currencies, network names…) are short words. */
const KEY_BOUND = 64;

const boundOf = (path: string[]): number => {
  for (const [pattern, max] of TEXT_BOUNDS) {
    const parts = pattern.split('.');
    if (parts.length === path.length && parts.every((part, i) => part === '*' || part === path[i])) return max;
  }
  return DEFAULT_BOUND;
};

/** With the u flag a surrogate property matches only a surrogate that is not half of a pair. */
const LONE_SURROGATE = /\p{Surrogate}/u;

/** "field: message" for every string or key of the raw file that breaks a text rule. */
export function textProblems(value: unknown, path: string[] = [], problems: string[] = []): string[] {
  const at = () => (path.length ? path.join('.') : '(file)');
  if (typeof value === 'string') {
    if (LONE_SURROGATE.test(value)) problems.push(`${at()}: is not valid Unicode (a lone surrogate)`);
    else if (hasControlCharacters(value.replace(/\r/g, ''))) problems.push(`${at()}: holds a control character`);
    else if (value.length > boundOf(path)) problems.push(`${at()}: is too long (at most ${boundOf(path)} characters)`);
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => textProblems(item, [...path, String(index)], problems));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (LONE_SURROGATE.test(key) || hasControlCharacters(key) || key.length > KEY_BOUND) problems.push(`${[...path, key.slice(0, KEY_BOUND)].join('.')}: is not a valid name`);
      else textProblems(item, [...path, key], problems);
    }
  }
  return problems;
}

export interface CheckContext {
  /** The other tenants of the set (when a file replaces a tenant's, that tenant is left out). */
  others: readonly Tenant[];
  /** The id the file must have: its file name (the start, tenant:check). */
  fileId?: string;
  /** Defaults to this process's (startRules()). */
  rules?: StartRules;
}

export type CheckResult = { ok: true; tenant: Tenant } | { ok: false; problems: string[] };

/** Every rule for one file among the others; the problems name their fields. */
export function checkTenantFile(file: unknown, context: CheckContext): CheckResult {
  const rules = context.rules ?? startRules();
  const texts = textProblems(file);
  if (texts.length) return { ok: false, problems: texts };
  const parsed = TenantSchema.safeParse(file);
  if (!parsed.success) return { ok: false, problems: describeIssues(parsed.error) };
  const tenant = parsed.data;
  const problems: string[] = [];
  if (context.fileId !== undefined && tenant.id !== context.fileId) problems.push(`id: must equal the file name "${context.fileId}"`);
  if (rules.adminHost && `${tenant.id}.localhost` === rules.adminHost) problems.push(`id: "${tenant.id}" would answer on ${rules.adminHost}, the network console's host (ADMIN_HOST)`);
  const demoHost = new Map(context.others.map((other) => [`${other.id}.localhost`, other.id]));
  tenant.domains.forEach((domain, index) => {
    const field = `domains.${index}`;
    if (tenant.domains.indexOf(domain) !== index) problems.push(`${field}: is used twice`);
    else if (domain === rules.adminHost) problems.push(`${field}: "${domain}" is the network console's host (ADMIN_HOST)`);
    else if (demoHost.has(domain)) problems.push(`${field}: "${domain}" is the demo host of ${demoHost.get(domain)}`);
    else {
      const owner = context.others.find((other) => other.domains.includes(domain));
      if (owner) problems.push(`${field}: "${domain}" is already used by ${owner.id}`);
    }
  });
  // This tenant's own demo host must not be another tenant's domain either.
  const shadowed = context.others.find((other) => other.domains.includes(`${tenant.id}.localhost`));
  if (shadowed) problems.push(`id: its demo host "${tenant.id}.localhost" is a domain of ${shadowed.id}`);
  if (rules.realProduction && tenant.payments.provider === 'sandbox') problems.push('payments.provider: the sandbox provider settles payments for anyone: not in a real production start (set "mollie" with its key)');
  return problems.length ? { ok: false, problems } : { ok: true, tenant };
}

/** The start's and tenant:check's check of a whole set: each file against the files before it (a conflict is reported once, on the later file). */
export function checkTenantSet(files: { id: string; raw: unknown }[], rules: StartRules = startRules()): { tenants: Tenant[]; problems: Map<string, string[]> } {
  const tenants: Tenant[] = [];
  const problems = new Map<string, string[]>();
  for (const { id, raw } of files) {
    const checked = checkTenantFile(raw, { others: tenants, fileId: id, rules });
    if (checked.ok) tenants.push(checked.tenant);
    else problems.set(id, checked.problems);
  }
  return { tenants, problems };
}

/**
 * What a valid file holds that a real production start will not do, as "field: message" in the words
 * the start logs when it meets it (issue 48 item 23): an `http://` postback template (the worker of a
 * real production start sends only to https://), named under any rules since the file is meant for
 * production; a demo network's /dev/postbacks path, named under a real production start's rules only
 * (elsewhere the server sends it to itself). Warnings: neither stops a start or tenant:check.
 */
export function productionWarnings(tenant: Tenant, rules: StartRules = startRules()): string[] {
  const warnings: string[] = [];
  for (const [network, events] of Object.entries(tenant.postbacks)) {
    for (const [event, template] of Object.entries(events)) {
      if (typeof template !== 'string') continue;
      if (template.startsWith('/')) {
        if (rules.realProduction) warnings.push(`postbacks.${network}.${event}: ${NO_OWN_ADDRESS}`);
      } else if (!template.startsWith('https://')) warnings.push(`postbacks.${network}.${event}: ${HTTPS_ONLY_IN_PRODUCTION}`);
    }
  }
  return warnings;
}
