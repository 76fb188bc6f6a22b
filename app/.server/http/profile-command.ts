// The shape of /api/like.php and /api/block.php: POST { profile } does something to a profile and
// DELETE { profile } undoes it, for members only; the domain answers ok or one of three errors.
import type { AppLoadContext } from '@remix-run/node';
import type { User } from '../db/schema';
import { apiError, apiJson, authenticationRequired, methodNotAllowed, readBody } from './api';

type CommandError = 'authentication_required' | 'not_found' | 'self';
type CommandResult<T> = ({ ok: true } & T) | { ok: false; error: CommandError };

interface ProfileCommand<T> {
  post: (viewer: { user: User }, profile: number) => Promise<CommandResult<T>>;
  delete: (viewer: { user: User }, profile: number) => Promise<CommandResult<T>>;
  /** What a success answers. */
  answer: (result: { ok: true } & T) => unknown;
  /** The message id for acting on one's own profile (400). */
  selfMessage: string;
}

export async function profileCommand<T>(request: Request, context: AppLoadContext, command: ProfileCommand<T>): Promise<Response> {
  const { locale, user } = context;
  if (request.method !== 'POST' && request.method !== 'DELETE') return methodNotAllowed(locale, ['POST', 'DELETE']);
  if (!user) return authenticationRequired(locale);
  const profile = Number((await readBody(request)).profile);
  const result = await (request.method === 'POST' ? command.post : command.delete)({ user }, profile);
  if (result.ok) return apiJson(command.answer(result));
  if (result.error === 'authentication_required') return authenticationRequired(locale);
  return result.error === 'self' ? apiError(400, 'self', locale, command.selfMessage) : apiError(404, 'not_found', locale, 'api.error.notFound');
}
