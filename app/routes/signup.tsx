// /signup: steps 0–4 (who you are and seek, date of birth, where you live, account, consent), then
// the completion step (/complete-signup). One form: without JavaScript every step shows at once; with
// it, one step at a time. When signups are closed for this visitor, the invite-only message shows.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, redirect, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { metaMessage, pageMeta } from '~/components/app/page-meta';
import { Card, PageBackdrop } from '~/components/forms/fields';
import { SignupForm, signupPageTexts } from '~/components/signup/signup-form';
import { signupPageAction, signupPageData } from '~/.server/signup/signup-page';

export function loader({ context }: LoaderFunctionArgs) {
  if (context.user) throw redirect('/complete-signup');
  return signupPageData(context);
}

export const action = signupPageAction();

export const meta: MetaFunction<typeof loader> = ({ matches }) =>
  pageMeta(matches, metaMessage(matches, signupPageTexts.title), metaMessage(matches, signupPageTexts.description));

export default function Signup() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <PageBackdrop>
      <Card>
        <SignupForm data={data} result={result} submitting={navigation.state === 'submitting'} FormComponent={Form} />
      </Card>
    </PageBackdrop>
  );
}
