// POST /api/network/tenants.php (docs/api.md "Network console"): a network admin posts a tenant
// file's JSON; it is checked with tenant:check's rules and stored as the site's first version
// (network/tenants.ts createTenantFile): 201 { id }, 400 validation with the fields and problems as
// that command prints them, 403 for anyone else. The body is read here, not by a schema: the tenant
// rules name a text value they refuse (a lone surrogate, a control character) their own way; only a
// body of the wrong shape (too deep, a reserved key) is refused first, with the field named.
import { apiError, apiJson } from '~/.server/contract/api';
import { apiRoute, endpoint } from '~/.server/http/api-route';
import { checkBody, isShapeRefusal } from '~/.server/http/input-guard';
import { isTooLarge } from '~/.server/contract/request-input';
import { serverMessage } from '~/.server/i18n/messages';
import { isReservedKey, parseJsonShallow } from '~/shared/request-rules';
import type { Locale } from '~/shared/locales';
import { consoleOf } from '../../network/console-context';
import { apiRefused } from '../../network/console-route';
import { createTenantFile } from '../../network/tenants';

type Read = { ok: true; file: unknown } | { ok: false; response: Response };

/** The tenant file of a JSON body (any other body is no file: the tenant rules say what is missing). */
async function readTenantFile(request: Request, locale: Locale): Promise<Read> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json' && !type.endsWith('+json')) return { ok: true, file: undefined };
  let text: string;
  try {
    text = await request.text();
  } catch (error) {
    if (isTooLarge(error)) return { ok: false, response: apiError(413, 'too_large', locale, 'api.error.tooLarge') };
    throw error;
  }
  const parsed = parseJsonShallow(text);
  if (parsed === undefined) return { ok: false, response: apiError(400, 'bad_request', locale, 'network.error.badRequest') };
  const { value, refused } = checkBody(parsed);
  const shape = refused.filter(isShapeRefusal);
  if (!shape.length) return { ok: true, file: value };
  const reserved = shape.some((field) => field.split('.').some(isReservedKey));
  const why = serverMessage(locale, reserved ? 'validation.reservedName' : 'validation.controlCharacters');
  return { ok: false, response: apiJson({ error: 'validation', message: serverMessage(locale, 'signup.error.check'), fields: Object.fromEntries(shape.map((field) => [field, why])) }, { status: 400 }) };
}

const route = apiRoute({
  POST: endpoint({
    async handle({ request, context }) {
      const network = consoleOf(context);
      const read = await readTenantFile(request, network.locale);
      if (!read.ok) return read.response;
      const result = await createTenantFile(network.db, network.actor, { file: read.file, source: network.sites }, network.client);
      if (!result.ok && result.error === 'forbidden') return apiRefused(network.locale);
      if (!result.ok) return apiJson({ error: 'validation', fields: result.fields, problems: result.problems, message: serverMessage(network.locale, 'network.error.badRequest') }, { status: 400 });
      // This instance answers on the new hosts already (createTenantFile); others load it from their watcher.
      return apiJson({ id: result.id }, { status: 201 });
    },
  }),
});

export default route;
