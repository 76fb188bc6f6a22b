// /dev/outbox on the admin host: the network's own mails (login codes, invitations) in development,
// the tests and the demo; never in a real production start (docs/decisions/0050).
import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { FormattedMessage } from 'react-intl';
import { consoleOf } from '~/.server/network/console-context';
import { networkOutbox } from '~/.server/network/mail';
import { serverMessage } from '~/.server/i18n/messages';
import { ConsoleMain } from '~/components/network/console-shell';
import { Card, Muted } from '~/components/network/parts';

export async function loader({ context }: LoaderFunctionArgs) {
  const network = consoleOf(context);
  if (!network.devOutbox) throw data(serverMessage(network.locale, 'error.notFound'), { status: 404 });
  const mails = await networkOutbox(network.db);
  return { mails: mails.map((mail) => ({ id: mail.id, to: mail.to_address, subject: mail.subject, text: mail.text, at: mail.created_at.toISOString() })) };
}

export default function NetworkOutbox() {
  const { mails } = useLoaderData<typeof loader>();
  return (
    <ConsoleMain>
      <Card>
        <h1>
          <FormattedMessage id="network.outbox.title" defaultMessage="Network mail outbox (development)" />
        </h1>
        {mails.map((mail) => (
          <article key={mail.id} data-testid="mail" data-to={mail.to}>
            <h2>{mail.subject}</h2>
            <Muted>
              {mail.to} · {mail.at}
            </Muted>
            <pre>{mail.text}</pre>
          </article>
        ))}
      </Card>
    </ConsoleMain>
  );
}
