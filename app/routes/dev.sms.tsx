// /dev/sms: the development SMS outbox — this tenant's SMS when no SMS gateway (SMS_URL) is set,
// as /dev/outbox is for mail. Served in development, tests and the demo; a real production start
// answers 404.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import styled from 'styled-components';
import { Prose } from '~/components/pages/prose';

export async function loader({ context }: LoaderFunctionArgs) {
  if (!context.devOutbox) throw new Response('Not Found', { status: 404 });
  const messages = await context.db
    .selectFrom('sms_outbox')
    .select(['id', 'kind', 'to_phone', 'text', 'status', 'created_at'])
    .where('tenant_id', '=', context.tenant.id)
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
  return { messages: messages.map((m) => ({ ...m, created_at: m.created_at.toISOString() })) };
}

export const handle = { layout: 'empty' };

const Sms = styled.article`
  max-width: 420px;
  margin: ${({ theme }) => theme.space(4)} 0;
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};

  p {
    margin: 0 0 ${({ theme }) => theme.space(2)};
  }
`;

export default function DevSms() {
  const { messages } = useLoaderData<typeof loader>();
  return (
    <Prose>
      {/* A developer tool, not a product page: English only on purpose. */}
      <h1>SMS outbox</h1>
      {messages.map((sms) => (
        <Sms key={sms.id} data-testid="sms" data-to={sms.to_phone} data-kind={sms.kind}>
          <p>
            to {sms.to_phone} · {sms.kind} · {sms.status} · {sms.created_at}
          </p>
          <strong>{sms.text}</strong>
        </Sms>
      ))}
    </Prose>
  );
}
