// The tenant file format (tenants/<id>.json), validated with zod. See docs/tenants.md and
// docs/decisions/0003-tenant-files.md. `settings` carries every Settings field of docs/product.md §3 under its
// own name (settings.php serves it, with per-visitor geoip fields added); `company` every Company info field.
import { z } from 'zod';
import {
  INTERESTS,
  ISO_COUNTRY,
  NICHES,
  PAYMENT_METHODS,
  PROFILE_FIELDS,
  PROFILE_NOTES,
  SEARCH_FIELDS,
} from '~/shared/catalogue';
import { LOCALES } from '~/shared/locales';
import { TIME_BONUS_CODE } from '~/shared/offers';
import { COUNTRY_CURRENCY, methodOfferedIn } from '~/shared/payment-methods';
import { minimumMessageCosts } from './message-price';
import { landersIssues, LandersSchema } from './campaign-schema';
import { PostbacksSchema } from './postback-templates';
import { PhotoScreeningSchema, screeningPolicy, screeningPolicyIssues } from './screening-policy';

const Country = z.string().regex(ISO_COUNTRY, 'must be an ISO 3166-1 alpha-2 code in capitals, e.g. NL');
const Currency = z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code, e.g. EUR');
const Locale = z.enum(LOCALES);
const HexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #e6317a');
const Domain = z
  .string()
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'must be a lower-case host name like example.com');

const EntryWarningCountries = z.union([z.literal('all'), z.array(Country).min(1)]);

/** Text a person reads, per locale. Every locale the tenant shows must be present (checked below). */
const LocalizedText = z.partialRecord(Locale, z.string().trim().min(1)).refine((value) => Object.keys(value).length > 0, {
  message: 'needs at least one language',
});

export const SettingsSchema = z.strictObject({
  name: z.string().trim().min(1),
  domain: Domain,
  domain_language: z.string().regex(/^[a-z]{2}_[A-Z]{2}$/, 'must look like nl_NL'),
  cdn_prefix: z.string().regex(/^(\/|https:\/\/)/, 'must be a path starting with / or an https:// URL'),
  niche: z.number().int().refine((n) => n in NICHES, { message: 'must be a niche from 1 to 7' }),
  /** docs/product.md §3: all, with_trafficsource or others; any value but the first two closes signups ("none" is kept as one of those). */
  signups: z.enum(['all', 'with_trafficsource', 'others', 'none']),
  logged_out_search: z.boolean(),
  logged_out_search_trafficsource: z.boolean(),
  push_public_key: z.string().min(1).nullable(),
  /**
   * Worked out from the bundles (app/.server/tenants/message-price.ts, decision 0047): leave it out.
   * A file that still states it must state what the rule gives, so an old figure cannot be shown.
   */
  minimum_message_costs: z.record(Country, z.strictObject({ costs: z.number().int().nonnegative(), currency: Currency })).optional(),
  support_phone: z.string().regex(/^\+?[0-9][0-9 -]{5,20}$/, 'must be a phone number like +31 20-123 4567'),
  support_email: z.email(),
  fictional_icon: z.boolean(),
  fictional_warning: z.strictObject({ singular: LocalizedText, plural: LocalizedText }),
  enable_site_entry_popup: z.enum(['yes', 'no']),
  /**
   * Visitors from which countries see the entry warning, per layout that has one (docs/product.md §2): a list,
   * or "all". Unset: the default layout for the tenant's own countries, the chat layout for NL and DE.
   */
  entry_warning_countries: z
    .strictObject({ default: EntryWarningCountries.optional(), chat: EntryWarningCountries.optional() })
    .optional(),
  description: LocalizedText,
  index_title: LocalizedText,
  countries: z.array(Country).min(1),
  visible_profile_fields: z.array(z.enum(PROFILE_FIELDS)),
  visible_profile_notes: z.array(z.enum(PROFILE_NOTES)),
  message_credits: z.number().int().min(0),
  signup_credits: z.number().int().min(0),
  photo_credits: z.number().int().min(0),
  gift_credits: z.number().int().min(0),
  message_length: z.number().int().min(1).max(10_000),
  search_fields: z.array(z.enum(SEARCH_FIELDS)),
  refund_days: z.number().int().min(0).max(365),
  member_resell: z.boolean(),
  company_id: z.number().int().positive(),
  mail_name: z.string().trim().min(1),
  interests: z.array(z.enum(INTERESTS)).min(1),
  /** Whether regions are asked and searched; settings.php then serves the regions of the tenant's countries (docs/api.md). */
  region_data: z.boolean(),
  /**
   * Photo moderation (docs/decisions/0029): `pre` — a member's new photo is visible to its owner at
   * once and to everyone else after a moderator approves it; `post` — visible at once, reviewed afterwards.
   */
  photo_moderation: z.enum(['pre', 'post']),
});

/** Countries whose visitors see the chat layout's entry warning unless a tenant says otherwise (docs/product.md §2). */
export const CHAT_ENTRY_WARNING_COUNTRIES = ['NL', 'DE'];

export const CompanySchema = z.strictObject({
  name: z.string().trim().min(1),
  address: z.string().trim().min(1),
  kvk: z.string().trim().min(1),
  city: z.string().trim().min(1),
  country: Country,
  tradenames: z.array(z.string().trim().min(1)).min(1),
  vat_numbers: z.array(z.string().regex(/^[A-Z]{2}[0-9A-Z]{2,13}$/, 'must be a VAT number like NL123456789B01')).min(1),
  support_phone: z.string().regex(/^\+?[0-9][0-9 -]{5,20}$/, 'must be a phone number like +31 20-123 4567'),
  delete_discount: z.number().int().min(0).max(100),
  added: z.iso.datetime({ offset: true }),
});

export const CreditPackageSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/, 'must be lower-case letters, digits and dashes'),
  credits: z.number().int().positive().max(100_000),
  /** Price per currency in minor units (1995 = 19.95); every currency of settings.countries is needed. */
  prices: z.record(Currency, z.number().int().positive().max(10_000_000)),
});

/**
 * A discount code of the tenant (docs/decisions/0019): upper-case letters, digits and dashes; a
 * percentage off the bundle price; optionally a minimum bundle price per currency, one payment
 * country, and an expiry instant. once-per-user: a member uses it in one paid purchase.
 */
export const DiscountCodeSchema = z.strictObject({
  code: z.string().regex(/^[A-Z0-9][A-Z0-9-]{2,39}$/, 'must be 3 to 40 capitals, digits and dashes, e.g. SUMMER10'),
  percentage: z.number().int().min(1).max(90),
  /** Minor units per currency; the bundle price (before fees) must reach it. A currency left out has no minimum. */
  minimum: z.record(Currency, z.number().int().positive()).optional(),
  country: Country.optional(),
  validity: z.enum(['once-per-user', 'unlimited']),
  expires: z.iso.datetime({ offset: true }).optional(),
});

/** The trial package (docs/decisions/0019): a small bundle, once per member, for members who never paid. */
export const TrialPackageSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/, 'must be lower-case letters, digits and dashes'),
  credits: z.number().int().positive().max(1000),
  prices: z.record(Currency, z.number().int().positive().max(10_000_000)),
});

const PaymentMethod = z.enum(PAYMENT_METHODS);

export const PaymentsSchema = z.strictObject({
  /** `sandbox`: the built-in test checkout; `mollie`: Mollie, with the key from the named variable. */
  provider: z.enum(['sandbox', 'mollie']),
  /** The NAME of the environment variable holding the Mollie API key (never the key itself). */
  /**
   * Only names with MOLLIE as one of their words (MOLLIE_API_KEY, FLIRTLOKAAL_MOLLIE_KEY, docs/tenants.md):
   * a file must never be able to name another secret of the server (SESSION_SECRET, DATABASE_URL).
   */
  mollie_api_key_env: z
    .string()
    .max(64)
    .regex(/^(?:[A-Z][A-Z0-9]*_)*MOLLIE(?:_[A-Z0-9]+)*$/, 'must be an environment variable name with MOLLIE as one of its words, like FLIRTLOKAAL_MOLLIE_KEY')
    .optional(),
  methods: z.array(PaymentMethod),
  /** A fee per method and currency in minor units, added to the total; a method without one has none. */
  fees: z.partialRecord(PaymentMethod, z.record(Currency, z.number().int().min(0).max(100_000))).default({}),
});

export const TenantSchema = z
  .strictObject({
    $schema: z.string().optional(),
    id: z.string().regex(/^[a-z][a-z0-9-]{1,39}$/, 'must be lower-case letters, digits and dashes'),
    domains: z.array(Domain).min(1),
    locales: z.array(Locale).min(1),
    theme: z
      .strictObject({
        colors: z
          .strictObject({
            primary: HexColour,
            primaryHover: HexColour,
            onPrimary: HexColour,
            secondary: HexColour,
            dark: HexColour,
            onDark: HexColour,
            unread: HexColour,
            warning: HexColour,
            danger: HexColour,
            success: HexColour,
            text: HexColour,
            textMuted: HexColour,
            background: HexColour,
            surface: HexColour,
            border: HexColour,
          })
          .partial()
          .optional(),
        logo: z.strictObject({ text: z.string().trim().min(1), tagline: LocalizedText.optional() }).optional(),
      })
      .default({}),
    settings: SettingsSchema,
    company: CompanySchema,
    credit_packages: z.array(CreditPackageSchema).default([]),
    payments: PaymentsSchema.default({ provider: 'sandbox', methods: [], fees: {} }),
    discount_codes: z.array(DiscountCodeSchema).default([]),
    trial_package: TrialPackageSchema.optional(),
    /** Campaign variants and splits of the landers (app/.server/tenants/campaign-schema.ts, docs/tenants.md). */
    landers: LandersSchema.optional(),
    /** Postback URL templates per affiliate network and event (app/.server/tenants/postback-templates.ts, docs/tenants.md). */
    postbacks: PostbacksSchema.default({}),
    /**
     * Screening of members' new photos by the bundled model (app/.server/tenants/screening-policy.ts,
     * docs/tenants.md, docs/decisions/0065); left out, the niche's thresholds apply. Not in `settings`,
     * which settings.php serves to browsers: nobody outside learns where the thresholds lie.
     */
    photo_screening: PhotoScreeningSchema.optional(),
  })
  .superRefine((tenant, ctx) => {
    const { settings, locales } = tenant;
    if (!tenant.domains.includes(settings.domain)) {
      ctx.addIssue({ code: 'custom', path: ['settings', 'domain'], message: 'must be one of the tenant\'s domains' });
    }
    const language = settings.domain_language.slice(0, 2);
    if (!(locales as string[]).includes(language)) {
      ctx.addIssue({ code: 'custom', path: ['locales'], message: `must include the domain language "${language}"` });
    }
    const texts = {
      description: settings.description,
      index_title: settings.index_title,
      'fictional_warning.singular': settings.fictional_warning.singular,
      'fictional_warning.plural': settings.fictional_warning.plural,
    };
    for (const [field, text] of Object.entries(texts)) {
      for (const locale of locales) {
        if (!text[locale]) {
          ctx.addIssue({ code: 'custom', path: ['settings', ...field.split('.')], message: `lacks the "${locale}" text` });
        }
      }
    }
    const prefix = NICHES[settings.niche as keyof typeof NICHES]?.landerPrefix ?? '';
    if (tenant.landers) for (const issue of landersIssues(tenant.landers, { prefix, locales })) ctx.addIssue({ code: 'custom', ...issue });
    const currencies = [...new Set(settings.countries.map((country) => COUNTRY_CURRENCY[country]))];
    for (const [country, currency] of settings.countries.map((c) => [c, COUNTRY_CURRENCY[c]] as const)) {
      if (!currency) ctx.addIssue({ code: 'custom', path: ['settings', 'countries'], message: `${country} has no known currency` });
    }
    const packageIds = new Set<string>();
    tenant.credit_packages.forEach((bundle, index) => {
      if (packageIds.has(bundle.id)) ctx.addIssue({ code: 'custom', path: ['credit_packages', index, 'id'], message: 'is used twice' });
      packageIds.add(bundle.id);
      for (const currency of currencies) {
        if (currency && bundle.prices[currency] === undefined) {
          ctx.addIssue({ code: 'custom', path: ['credit_packages', index, 'prices'], message: `lacks a price in ${currency}` });
        }
      }
    });
    const codes = new Set<string>();
    tenant.discount_codes.forEach((code, index) => {
      if (codes.has(code.code) || code.code === TIME_BONUS_CODE) ctx.addIssue({ code: 'custom', path: ['discount_codes', index, 'code'], message: 'is used twice' });
      // A code for a country the site no longer serves is not an error (the file stays valid when a
      // country is dropped): it simply never applies.
      codes.add(code.code);
    });
    if (tenant.trial_package) {
      if (packageIds.has(tenant.trial_package.id)) ctx.addIssue({ code: 'custom', path: ['trial_package', 'id'], message: 'is also a credit package' });
      for (const currency of currencies) {
        if (currency && tenant.trial_package.prices[currency] === undefined) {
          ctx.addIssue({ code: 'custom', path: ['trial_package', 'prices'], message: `lacks a price in ${currency}` });
        }
      }
    }
    // A method that none of the tenant's countries offers is not an error: it is never shown
    // (a site that drops a country keeps its file valid); every country needs at least one method.
    for (const country of settings.countries) {
      if (tenant.payments.methods.length > 0 && !tenant.payments.methods.some((method) => methodOfferedIn(method, country))) {
        ctx.addIssue({ code: 'custom', path: ['payments', 'methods'], message: `offers no method a payer in ${country} can use` });
      }
    }
    for (const issue of screeningPolicyIssues(screeningPolicy(tenant), settings.photo_moderation)) ctx.addIssue({ code: 'custom', ...issue });
    if (tenant.payments.provider === 'mollie' && !tenant.payments.mollie_api_key_env) {
      ctx.addIssue({ code: 'custom', path: ['payments', 'mollie_api_key_env'], message: 'is required for the mollie provider' });
    }
    const ruled = minimumMessageCosts(settings.countries, settings.message_credits, tenant.credit_packages);
    for (const [country, stated] of Object.entries(settings.minimum_message_costs ?? {})) {
      const rule = ruled[country];
      if (!settings.countries.includes(country)) {
        ctx.addIssue({ code: 'custom', path: ['settings', 'minimum_message_costs', country], message: 'is not one of settings.countries' });
      } else if (!rule || rule.costs !== stated.costs || rule.currency !== stated.currency) {
        const expected = rule ? `${rule.costs} ${rule.currency}` : 'nothing (no bundle is priced there)';
        ctx.addIssue({
          code: 'custom',
          path: ['settings', 'minimum_message_costs', country],
          message: `must be ${expected}: one credit of the biggest bundle times message_credits (leave the field out to have it worked out)`,
        });
      }
    }
  })
  .transform((tenant) => ({
    ...tenant,
    settings: { ...tenant.settings, minimum_message_costs: minimumMessageCosts(tenant.settings.countries, tenant.settings.message_credits, tenant.credit_packages) },
  }));

export type TenantFile = z.input<typeof TenantSchema>;

/** The entry warning's countries on a layout, the defaults filled in; null: every country. */
export function entryWarningCountries(settings: z.output<typeof SettingsSchema>, layout: 'default' | 'chat'): string[] | null {
  const set = settings.entry_warning_countries?.[layout] ?? (layout === 'chat' ? CHAT_ENTRY_WARNING_COUNTRIES : settings.countries);
  return set === 'all' ? null : [...set];
}
export type Tenant = z.output<typeof TenantSchema>;
export type TenantSettings = Tenant['settings'];
export type CompanyInfo = Tenant['company'];
export type LocalizedText = z.output<typeof LocalizedText>;

/** "settings.support_phone: must be …" lines for an error message. */
export function describeIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${issue.path.length ? issue.path.join('.') : '(file)'}: ${issue.message}`);
}
