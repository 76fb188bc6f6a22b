// POST /api/network/login.php (docs/api.md "Network console"): the login page's two steps as JSON —
// the password (with the mailed or authenticator code in the same call, or without it to have the
// code mailed), then a session cookie. The same schemas and function as the page (network/login.ts).
import { apiJson } from '~/.server/contract/api';
import { apiRoute, endpoint } from '~/.server/http/api-route';
import { consoleOf } from '../../network/console-context';
import { LoginSchema, LoginTokenSchema, signIn } from '../../network/login';

const route = apiRoute({
  POST: endpoint({
    body: LoginSchema.or(LoginTokenSchema.omit({ step: true })),
    async handle({ context, body }) {
      const result = await signIn(consoleOf(context), body);
      if (!result.ok) {
        const headers = result.retryAfter ? { 'Retry-After': String(result.retryAfter) } : undefined;
        const extra = result.error === 'too_many_requests' ? { retry_after: result.retryAfter } : {};
        return apiJson({ error: result.error, ...extra, message: result.message }, { status: result.status, headers });
      }
      if (result.step !== 'done') return apiJson({ step: result.step });
      return apiJson({ step: 'done', staff: { name: result.actor.name, role: result.actor.role } }, { headers: { 'Set-Cookie': result.cookie } });
    },
  }),
});

export default route;
