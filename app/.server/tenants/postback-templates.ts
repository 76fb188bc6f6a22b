// Postback URL templates of a tenant (tenant file `postbacks`, docs/tenants.md): per network, one
// URL per event with macros in braces. Validated at start like every tenant field: only known
// macros, and an https:// URL — or, for the demo network only, a path on this very site
// (/dev/postbacks), which the worker sends to its own address.
import { z } from 'zod';
import type { PostbackEvent } from '../db/schema';
import { refusedHost } from '../net/outbound';

export const POSTBACK_EVENTS = ['lead', 'confirmed', 'sale', 'rebill', 'reversal'] as const satisfies readonly PostbackEvent[];
export const MACROS = ['click_id', 'sub1', 'sub2', 'sub3', 'event', 'amount', 'currency', 'order_number', 'network', 'ref'] as const;
export type Macro = (typeof MACROS)[number];
export type MacroValues = Record<Macro, string>;

const MACRO_PATTERN = /\{([^{}]*)\}/g;

/**
 * Why a real production start sends no postback for a template (postbacks/worker.ts): the words it
 * logs on each try, and that tenant:check warns with (tenants/check.ts productionWarnings).
 */
export const HTTPS_ONLY_IN_PRODUCTION = 'postback URLs must be https:// in production';
export const NO_OWN_ADDRESS = 'no own address for a /dev/postbacks template';

const Template = z
  .string()
  .max(2000)
  .superRefine((template, ctx) => {
    for (const [, name] of template.matchAll(MACRO_PATTERN)) {
      if (!(MACROS as readonly string[]).includes(name!)) ctx.addIssue({ code: 'custom', message: `has an unknown macro {${name}} (known: ${MACROS.map((m) => `{${m}}`).join(' ')})` });
    }
    const sample = template.replace(MACRO_PATTERN, 'x');
    if (sample.startsWith('/dev/postbacks')) {
      // A path on this very site: under /dev/postbacks/ and nowhere else (no `..`, no encoded dots or slashes).
      const path = sample.split('?')[0]!;
      if (!/^\/dev\/postbacks(?:\/[A-Za-z0-9_~-][A-Za-z0-9_.~-]*)*$/.test(path) || path.split('/').includes('..')) {
        ctx.addIssue({ code: 'custom', message: 'must stay under /dev/postbacks/ (no "..", no encoded characters in the path)' });
      }
      return;
    }
    let url: URL | null = null;
    try {
      url = new URL(sample);
    } catch {
      url = null;
    }
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) ctx.addIssue({ code: 'custom', message: 'must be an http(s):// URL, or /dev/postbacks… for the demo' });
    // Refused when saved, not only when sent (docs/decisions/0037, 0068): the server's own network is no postback address.
    else if (refusedHost(url)) ctx.addIssue({ code: 'custom', message: 'must not point to a private, local or metadata address' });
  });

/** One network: a template per event it is paid for; an event without a template is not sent. */
export const PostbackNetworkSchema = z.strictObject(Object.fromEntries(POSTBACK_EVENTS.map((event) => [event, Template.optional()])) as Record<PostbackEvent, z.ZodOptional<typeof Template>>);

/** Network names as they arrive in ?network= (compared in lower case). */
export const PostbacksSchema = z.record(z.string().regex(/^[a-z0-9][a-z0-9_.-]{0,63}$/, 'must be a network name in lower case, e.g. adnet'), PostbackNetworkSchema);

export type Postbacks = z.output<typeof PostbacksSchema>;

/** The URL for one event: every macro replaced by its URL-encoded value (empty when unknown). */
export function renderTemplate(template: string, values: MacroValues): string {
  return template.replace(MACRO_PATTERN, (whole, name: string) => ((MACROS as readonly string[]).includes(name) ? encodeURIComponent(values[name as Macro]) : whole));
}

/** Minor units as the decimal amount networks expect: 1295 → "12.95". */
export function decimalAmount(minor: number | null): string {
  return minor === null ? '' : (minor / 100).toFixed(2);
}
