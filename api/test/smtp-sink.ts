/**
 * Test helper: a real SMTP server on a free local port (smtp-server) that parses what it receives (mailparser), for
 * the tests that check the message a user's action sent — its recipients, subject and PDF attachment. No TLS, no
 * authentication required, as a local relay. Used by the browser tests too (e2e/support), which start the product
 * with SMTP_URL pointing here.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpSink {
  /** smtp://127.0.0.1:<port>, the SMTP_URL to give the API. */
  url: string;
  /** Every message received, parsed, in arrival order. */
  received: ParsedMail[];
  close: () => Promise<void>;
}

/** `refuses(address)`: the recipients the server turns down (the sending then fails with the server's reason). */
export async function startSmtpSink(
  options: { refuses?: (address: string) => boolean } = {},
): Promise<SmtpSink> {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.refuses?.(address.address)) callback(new Error('Destinataire refusé'));
      else callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
