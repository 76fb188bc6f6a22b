// GET /operator/events: the console's live stream (Server-Sent Events). It carries the `queue`
// events of the operator's tenants (bus.ts operatorChannel) and a heartbeat comment every 25 s. A
// stream of several channels (one per tenant), so it frames its own events; it is counted in the
// server's stream registry, which ends it when the server stops (events/sse.ts).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { operatorChannel } from '~/.server/events/bus';
import { formatSseEvent, SSE_HEADERS } from '~/.server/events/sse';

const HEARTBEAT_MS = 25_000;

export function loader({ context, request }: LoaderFunctionArgs) {
  const operator = context.operator;
  if (!operator) return new Response('Forbidden', { status: 403, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
  const encoder = new TextEncoder();
  let cleanup = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      let id = 0;
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      send('retry: 5000\n\n');
      const unsubscribe = operator.tenantIds.map((tenantId) =>
        context.events.subscribe(operatorChannel(tenantId), (event) => send(formatSseEvent({ id: String(++id), type: event.type, data: { ...(event.data as object), tenant: tenantId } }))),
      );
      const heartbeat = setInterval(() => send(': heartbeat\n\n'), HEARTBEAT_MS);
      const unregister = context.streams?.registry.add(`operator:${operator.id}`, () => cleanup()) ?? (() => {});
      cleanup = () => {
        clearInterval(heartbeat);
        unregister();
        for (const stop of unsubscribe) stop();
        cleanup = () => {};
        try {
          controller.close();
        } catch {
          // Already closed by the client.
        }
      };
      request.signal.addEventListener('abort', () => cleanup());
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(stream, { headers: SSE_HEADERS });
}
