// /signup: steps 0–4 (who you are and seek, date of birth, where you live, account, consent), then
// the completion step (/complete-signup). One form: without JavaScript every step shows at once; with
// it, one step at a time. When signups are closed for this visitor, the invite-only message shows.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, redirect, useActionData, useLoaderData, useNavigation, type ClientActionFunctionArgs } from '@remix-run/react';
import { keepPageAfterFailure, keepPageOnFailure } from '~/components/forms/action-failure';
import { metaMessage, pageMeta } from '~/components/app/page-meta';
import { Card, PageBackdrop } from '~/components/forms/fields';
import { SignupForm, signupPageTexts, type SignupResultData } from '~/components/signup/signup-form';
import { LAST_SIGNUP_STEP } from '~/shared/signup-rules';
import { signupPageAction, signupPageData } from '~/.server/signup/signup-page';
import type { RouteHandle } from '~/shared/shell';

export function loader({ context }: LoaderFunctionArgs) {
  if (context.user) throw redirect('/complete-signup');
  return signupPageData(context);
}

export const action = signupPageAction();

// A signup the server cannot answer (this page and the signup modal post here) keeps the form and
// what was typed, on the last step with its submit button (issue 26; action-failure.tsx).
export const clientAction = (args: ClientActionFunctionArgs) =>
  keepPageOnFailure<typeof action, SignupResultData>(args, (sent) => ({
    fields: {},
    step: LAST_SIGNUP_STEP,
    values: Object.fromEntries([...sent.entries()].filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[0] !== 'password')),
    message: null,
    login: false,
  }));
export const shouldRevalidate = keepPageAfterFailure;

// Asleep for visitors until they act (docs/decisions/0042); a member's page hydrates at once.
export const handle: RouteHandle = { hydrate: 'visitors' };

export const meta: MetaFunction<typeof loader> = ({ matches }) =>
  pageMeta(matches, metaMessage(matches, signupPageTexts.title), metaMessage(matches, signupPageTexts.description));

export default function Signup() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof clientAction>();
  const navigation = useNavigation();
  return (
    <PageBackdrop>
      <Card>
        <SignupForm data={data} result={result} submitting={navigation.state === 'submitting'} FormComponent={Form} />
      </Card>
    </PageBackdrop>
  );
}
