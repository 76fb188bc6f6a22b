// How an instance stops (docs/decisions/0045, 0061): readiness turns false at once; with DRAIN_DELAY_MS
// requests are still served that long, so that a load balancer notices; then open event streams end
// (their clients reconnect elsewhere and resume), keep-alive sockets close as their answers finish
// (all of them after 10 s), and once the listener is closed each service stops, in the list's order.
import type { Server } from 'node:http';

export interface Shutdown {
  /** Begins the stop (SIGTERM, SIGINT); a second call does nothing. */
  (reason: string): void;
  /** Whether the instance is draining: /readyz says no, and every answer asks its client to hang up. */
  draining: () => boolean;
  /** Stops with exit code 1 (the process net's burst of uncaught exceptions). */
  fail: (reason: string) => void;
}

export function gracefulShutdown(options: { server: () => Server | undefined; drainMs: number; beforeClose: () => void; stops: (() => unknown)[]; log: (message: string) => void }): Shutdown {
  let draining = false;
  let exitCode = 0;
  const close = (server: Server) => {
    options.beforeClose();
    const force = setTimeout(() => server.closeAllConnections(), 10_000);
    force.unref();
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    sweep.unref();
    server.close(async () => {
      clearInterval(sweep);
      for (const stop of options.stops) await stop();
      options.log('stopped');
      process.exit(exitCode);
    });
    server.closeIdleConnections();
  };
  const shutdown = (reason: string) => {
    if (draining) return;
    draining = true;
    options.log(`${reason}: draining${options.drainMs ? ` for ${options.drainMs} ms` : ''}, then finishing in-flight requests…`);
    const server = options.server();
    if (!server) process.exit(1);
    setTimeout(() => close(server), options.drainMs);
  };
  return Object.assign(shutdown, {
    draining: () => draining,
    fail: (reason: string) => {
      exitCode = 1;
      shutdown(reason);
    },
  });
}
