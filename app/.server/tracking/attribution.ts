// The traffic source of the visitor making this request: the visit their rdv_visit cookie (or this
// very request, on a first visit: res.locals.clickId → context.clickId) stands for.
import type { AppLoadContext } from '@remix-run/node';
import { attributionFor, type Attribution } from './visits';

export function visitorAttribution(context: AppLoadContext): Promise<Attribution | null> {
  return attributionFor(context.db, context.tenant, context.clickId ?? null);
}
