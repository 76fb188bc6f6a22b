// The visitor's address as stored (sessions, visits, rate limits): what Express derives from a
// trusted proxy's X-Forwarded-For only when it is a real IPv4 or IPv6 address; a proxy chain that
// passes on something else (`10.77.18662.11`) leaves the address of the peer that connected.
import { isIP } from 'node:net';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** The client's address: `req.ip` when it is a valid address, else the socket's peer; null when neither is known. */
export function clientAddress(req: Request): string | null {
  const ip = req.ip;
  if (ip && isIP(ip)) return ip;
  return req.socket.remoteAddress ?? null;
}

/** Makes `req.ip` the valid client address for everything after it (visits, sessions, limits). */
export function clientAddressGuard(): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    const ip = req.ip;
    if (ip && !isIP(ip)) Object.defineProperty(req, 'ip', { value: clientAddress(req), configurable: true, enumerable: true });
    next();
  };
}
