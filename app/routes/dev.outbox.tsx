// /dev/outbox: the development mail outbox — mails of this tenant when no SMTP server is set.
// Served in development, tests and the demo; a real production start answers 404.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import styled from 'styled-components';
import { Prose } from '~/components/pages/prose';

export async function loader({ context }: LoaderFunctionArgs) {
  if (!context.devOutbox) throw new Response('Not Found', { status: 404 });
  const mails = await context.db
    .selectFrom('mail_outbox')
    .select(['id', 'kind', 'to_address', 'from_address', 'subject', 'text', 'status', 'created_at', 'headers'])
    .where('tenant_id', '=', context.tenant.id)
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
  return { mails: mails.map((m) => ({ ...m, created_at: m.created_at.toISOString() })) };
}

export const handle = { layout: 'empty' };

const Mail = styled.article`
  margin: ${({ theme }) => theme.space(4)} 0;
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};

  dl {
    font-size: 0.85rem;
    word-break: break-all;
  }

  dt {
    font-weight: bold;
  }

  dd {
    margin: 0 0 ${({ theme }) => theme.space(2)};
  }

  pre {
    white-space: pre-wrap;
    word-break: break-word;
  }
`;

/** Links in the text part become clickable. */
function linkify(text: string) {
  return text.split(/(https?:\/\/\S+)/g).map((part, i) => (/^https?:\/\//.test(part) ? <a key={i} href={part}>{part}</a> : part));
}

export default function DevOutbox() {
  const { mails } = useLoaderData<typeof loader>();
  return (
    <Prose>
      {/* A developer tool, not a product page: English only on purpose. */}
      <h1>Mail outbox</h1>
      {mails.map((mail) => (
        <Mail key={mail.id} data-testid="mail" data-to={mail.to_address} data-kind={mail.kind}>
          <strong>{mail.subject}</strong>
          <p>
            to {mail.to_address} · {mail.kind} · {mail.status} · {mail.created_at}
          </p>
          <dl data-testid="mail-headers">
            <dt>From</dt>
            <dd>{mail.from_address}</dd>
            {Object.entries(mail.headers ?? {}).map(([name, value]) => (
              <div key={name}>
                <dt>{name}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <pre>{linkify(mail.text)}</pre>
        </Mail>
      ))}
    </Prose>
  );
}
