// Any other /api/ path: a JSON 404 for every method, never an HTML page.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { notFound } from '~/.server/http/api';

export function loader({ context }: LoaderFunctionArgs) {
  return notFound(context.locale);
}

export function action({ context }: ActionFunctionArgs) {
  return notFound(context.locale);
}
