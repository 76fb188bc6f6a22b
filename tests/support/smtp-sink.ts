// A real SMTP server on loopback (smtp-server) that keeps the recipients of every mail handed to it:
// what a test checks when it only needs to know who was mailed.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface SmtpSink {
  /** Each mail's recipients, in the order the mails arrived. */
  recipients: string[];
  url: string;
  close: () => Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const recipients: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        for (const to of session.envelope.rcptTo) recipients.push(to.address);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    recipients,
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
