// A page form whose action gets no usable answer (issue 26): the server answered 5xx with something
// that is not the action's data (a failure before the action ran), or the network failed. Without
// this the page would turn into the error page and lose what was typed; with it the page stays, the
// inputs keep their text, and the form shows 'An error occured, please try again later' (docs/product.md §8).
// A route opts in with `clientAction` and `shouldRevalidate` from here (docs/decisions/0032).
import type { SerializeFrom } from '@remix-run/node';
import { isRouteErrorResponse, type ClientActionFunctionArgs, type ShouldRevalidateFunction } from '@remix-run/react';
import { FormattedMessage } from 'react-intl';

export interface ServerFailure {
  serverError: true;
}

/** Did the server give the action's own answer (data, a redirect, a 4xx it threw)? Then that stands. */
function isAnswer(error: unknown): boolean {
  if (error instanceof Response) return error.status < 500;
  return isRouteErrorResponse(error) && error.status < 500;
}

/**
 * The route's `clientAction`: the server's action, or the route's failure data (built from what was
 * submitted) marked `serverError` when the server could not answer.
 */
export async function keepPageOnFailure<T, F extends object>(
  { request, serverAction }: ClientActionFunctionArgs,
  failure: (submitted: FormData) => F,
): Promise<SerializeFrom<T> | (F & ServerFailure)> {
  const copy = request.clone();
  try {
    return await serverAction<T>();
  } catch (error) {
    if (isAnswer(error)) throw error;
    const submitted = await copy.formData().catch(() => new FormData());
    return { ...failure(submitted), serverError: true };
  }
}

/** After a failure nothing is loaded again: the server is in trouble, and a failing loader would show the error page after all. */
export const keepPageAfterFailure: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  (actionResult as Partial<ServerFailure> | undefined)?.serverError ? false : defaultShouldRevalidate;

export function isServerFailure(result: unknown): result is ServerFailure {
  return typeof result === 'object' && result !== null && (result as Partial<ServerFailure>).serverError === true;
}

/** docs/product.md §8's text for it. */
export function ServerFailureText() {
  return <FormattedMessage id="api.error.internal" defaultMessage="An error occured, please try again later" />;
}
