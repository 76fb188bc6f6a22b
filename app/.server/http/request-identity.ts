// Every request's id and CSP nonce (docs/decisions/0045, 0005): a random nonce for its scripts, and
// an id in X-Request-Id, the log line and any server_error answer. Behind a trusted proxy its request
// id is kept (nginx's $request_id, deploy/nginx.conf.template), so one id names the request in both logs.
import crypto from 'node:crypto';
import type { RequestHandler } from 'express';
import { requestLocals } from './locals';

const PROXY_ID = /^[\w-]{8,128}$/;

export function requestIdentity(): RequestHandler {
  return (req, res, next) => {
    const locals = requestLocals(res);
    locals.nonce = crypto.randomBytes(16).toString('base64');
    const proxyId = req.app.get('trust proxy') ? req.get('x-request-id') : undefined;
    locals.requestId = proxyId && PROXY_ID.test(proxyId) ? proxyId : crypto.randomUUID();
    res.set('X-Request-Id', locals.requestId);
    next();
  };
}
