// /dev/postbacks: what the demo network's postback endpoint (/dev/postbacks/receive, docs/decisions/0028)
// received for this tenant, newest first, so a newcomer sees lead, confirmed and sale
// come in after `npm start`. Served in development, tests and the demo; real production answers 404.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import styled from 'styled-components';
import { Prose } from '~/components/pages/prose';

export async function loader({ context }: LoaderFunctionArgs) {
  if (!context.devOutbox) throw new Response('Not Found', { status: 404 });
  const received = await context.db
    .selectFrom('dev_postbacks')
    .select(['id', 'query', 'received_at'])
    .where('tenant_id', '=', context.tenant.id)
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  return {
    postbacks: received.map((row) => ({ id: row.id, params: [...new URLSearchParams(row.query)], received_at: new Date(row.received_at).toISOString() })),
  };
}

export const handle = { layout: 'empty' };

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.9rem;

  th,
  td {
    text-align: start;
    padding: ${({ theme }) => theme.space(2)};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    vertical-align: top;
    word-break: break-word;
  }
`;

export default function DevPostbacks() {
  const data = useLoaderData<typeof loader>() as { postbacks: { id: number; params: [string, string][]; received_at: string }[] };
  return (
    <Prose>
      {/* A developer tool, not a product page: English only on purpose (as /dev/outbox). */}
      <h1>Postbacks received</h1>
      <p>The demo network&apos;s postback endpoint: what this site sent it for members who came through a demo tracking link.</p>
      {data.postbacks.length === 0 ? (
        <p>None yet. Open a lander with ?network=demo&amp;sub1=test, sign up and confirm the address.</p>
      ) : (
        <Table>
          <thead>
            <tr>
              <th scope="col">Received</th>
              <th scope="col">Parameters</th>
            </tr>
          </thead>
          <tbody>
            {data.postbacks.map((postback) => (
              <tr key={postback.id} data-testid="postback" data-event={postback.params.find(([key]) => key === 'event')?.[1] ?? ''}>
                <td>{postback.received_at}</td>
                <td>{postback.params.map(([key, value]) => `${key}=${value}`).join(' · ')}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Prose>
  );
}
