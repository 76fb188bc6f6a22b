// The page a mailed link opens (mail change, reactivation): the link only shows this form; its button
// confirms with a POST, so a mail scanner that fetches the link changes nothing.
import { Form, useNavigation } from '@remix-run/react';
import type { ReactNode } from 'react';
import { Button } from '../app/buttons';

export function ConfirmLinkForm({ token, heading, intro, button, children }: { token: string; heading?: ReactNode; intro: ReactNode; button: ReactNode; children?: ReactNode }) {
  const busy = useNavigation().state !== 'idle';
  return (
    <Form method="post">
      {heading ? <h1>{heading}</h1> : null}
      <p>{intro}</p>
      {children}
      <input type="hidden" name="token" value={token} />
      <Button type="submit" disabled={busy}>
        {button}
      </Button>
    </Form>
  );
}
