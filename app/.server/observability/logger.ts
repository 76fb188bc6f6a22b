// One structured logger for the process (docs/decisions/0045-observability.md): JSON lines on stdout
// (pino), a child per module or job. Secrets never reach a line: request headers that carry them are
// redacted, bodies and full URLs are never logged (a token can sit in a path or query), and message
// texts stay out of every log call by convention (log ids and counts, not contents).
import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';

export type { Logger } from 'pino';

/** Paths pino blanks out wherever they appear in a logged object. */
export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  '*.password',
  '*.new_password',
  '*.token',
  '*.session',
  '*.sessionId',
  '*.text',
  '*.message_text',
  'password',
  'token',
  'text',
];

function defaultLevel(env: NodeJS.ProcessEnv): string {
  if (env.LOG_LEVEL) return env.LOG_LEVEL;
  // Unit and domain tests import modules that log: keep their output quiet unless asked.
  return env.VITEST ? 'silent' : 'info';
}

/**
 * JSON lines for a service manager, a file or a pipe; readable lines in a terminal and in `npm run dev`
 * (decision 0062). LOG_FORMAT=json|pretty chooses (config.ts validates it at start).
 */
export function logFormat(env: NodeJS.ProcessEnv, stdoutIsTty: boolean): 'json' | 'pretty' {
  if (env.LOG_FORMAT === 'json' || env.LOG_FORMAT === 'pretty') return env.LOG_FORMAT;
  return stdoutIsTty || env.NODE_ENV === 'development' ? 'pretty' : 'json';
}

/** One short line per request (`GET /members/:id 200 12 ms flirtlokaal`), others as message and module. */
function prettyStream() {
  return pretty({
    sync: true,
    colorize: Boolean(process.stdout.isTTY),
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,module,reqId,req,res,route,tenant,status,duration_ms,member_id,operator_id,job,job_id,try,result',
    messageFormat: (log, messageKey) => {
      const message = String(log[messageKey] ?? '');
      if (typeof log.duration_ms === 'number' && typeof log.status === 'number') return `${message} ${log.duration_ms} ms${log.tenant && log.tenant !== 'none' ? ` ${String(log.tenant)}` : ''}`;
      return log.module ? `[${String(log.module)}] ${message}` : message;
    },
  });
}

const options: pino.LoggerOptions = {
  level: defaultLevel(process.env),
  base: { pid: process.pid },
  messageKey: 'msg',
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
  redact: { paths: REDACT_PATHS, censor: '[redacted]' },
};

export const logger: Logger = logFormat(process.env, Boolean(process.stdout.isTTY)) === 'pretty' && !process.env.VITEST ? pino(options, prettyStream()) : pino(options);

/** A child logger for one module or job (`{"module":"mail",…}` on each of its lines). */
export function moduleLogger(module: string, bindings: Record<string, unknown> = {}): Logger {
  return logger.child({ module, ...bindings });
}

/** The `(message) => void` shape older modules take, writing to a child logger at `level`. */
export function logFunction(log: Logger, level: 'info' | 'warn' | 'error' = 'info'): (message: string) => void {
  return (message) => log[level](message);
}
