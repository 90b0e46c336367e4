import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One message as the product sent it: the SMTP envelope plus the parsed content. */
export interface CapturedMail {
  envelopeTo: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
}

export interface SmtpCapture {
  /** What the product takes as SMTP_URL. */
  url: string;
  readonly mails: readonly CapturedMail[];
  /** Every message whose envelope names this recipient, oldest first. */
  mailsTo(address: string): CapturedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 that keeps every message it accepts:
 * plain SMTP (no STARTTLS), no authentication, parsed with mailparser.
 */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const envelopeTo = session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase());
      simpleParser(stream)
        .then((parsed) => {
          mails.push({
            envelopeTo,
            from: parsed.from?.text ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          });
          callback();
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    mailsTo: (address) => mails.filter((mail) => mail.envelopeTo.includes(address.toLowerCase())),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
