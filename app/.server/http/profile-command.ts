// The shape of /api/like.php and /api/block.php: POST { profile } does something to a profile and
// DELETE { profile } undoes it, for members only; the domain answers ok or one of its errors — a
// profile whose member blocked the viewer answers 403 blocked with their name, as a message or a gift
// to them does (issue 48 item 12).
import type { AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import { idSchema } from '~/shared/request-rules';
import type { User } from '../db/schema';
import type { Locale } from '~/shared/locales';
import { serverMessage } from '../i18n/messages';
import { apiError, apiJson, authenticationRequired } from '../contract/api';
import { apiRoute, endpoint, type ApiRoute } from './api-route';

type CommandError = 'authentication_required' | 'not_found' | 'self';
type CommandResult<T> = ({ ok: true } & T) | { ok: false; error: CommandError } | { ok: false; error: 'blocked'; name: string };

/** The body of both methods: the profile's id. */
export const ProfileTargetSchema = z.object({ profile: idSchema });

type Act<T> = (context: AppLoadContext, viewer: { user: User }, profile: number) => Promise<CommandResult<T>>;

interface ProfileCommand<T> {
  post: Act<T>;
  delete: Act<T>;
  /** What a success answers. */
  answer: (result: { ok: true } & T) => unknown;
  /** The message id for acting on one's own profile (400). */
  selfMessage: string;
  /** The message id for a profile the member cannot see (404); 'Not found' unless told. */
  notFoundMessage?: string;
}

/** 403 blocked with "You're blocked by {name}…" (docs/api.md), the chat's answer to the same member. */
export function blockedAnswer(locale: Locale, name: string): Response {
  return apiJson({ error: 'blocked', message: serverMessage(locale, 'profile.blocked', { name }) }, { status: 403 });
}

export function profileCommand<T>(command: ProfileCommand<T>): ApiRoute {
  const run = (act: Act<T>) =>
    endpoint({
      member: true,
      body: ProfileTargetSchema,
      async handle({ context, body, user }) {
        const result = await act(context, { user }, body.profile);
        if (result.ok) return apiJson(command.answer(result));
        if (result.error === 'authentication_required') return authenticationRequired(context.locale);
        if (result.error === 'blocked') return blockedAnswer(context.locale, result.name);
        return result.error === 'self' ? apiError(400, 'self', context.locale, command.selfMessage) : apiError(404, 'not_found', context.locale, command.notFoundMessage ?? 'api.error.notFound');
      },
    });
  return apiRoute({ POST: run(command.post), DELETE: run(command.delete) });
}
