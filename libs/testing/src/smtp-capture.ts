import type { AddressInfo } from 'node:net';
import { BETA_TOKEN_HEADER } from '@closetly/contracts';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { pollUntil } from './poll-until';

/** One message as the product sent it: the SMTP envelope plus the parsed content. */
export interface CapturedMail {
  envelopeTo: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Each header as sent (unfolded), by its lower-case name; the last one wins. */
  headers: Record<string, string>;
}

/** A message the server has received in full but not yet accepted (the sender is still waiting for its answer). */
export interface HeldMail {
  /** True once the message has arrived and is being held. */
  readonly received: boolean;
  /** Accepts the held message (or, if it has not arrived yet, accepts it as soon as it does). */
  release(): void;
}

export interface SmtpCapture {
  /** What the product takes as SMTP_URL. */
  url: string;
  readonly mails: readonly CapturedMail[];
  /** Every message whose envelope names this recipient, oldest first. */
  mailsTo(address: string): CapturedMail[];
  /**
   * The next message to this recipient (with this subject, if given) is refused with a temporary failure
   * (451) that names it, as a busy server would. A subject keeps another mail on its way to the same
   * address (sign-up's confirmation) from taking the plan.
   */
  refuseNextMailTo(address: string, subject?: string): void;
  /** The next message to this recipient (with this subject, if given) is held unanswered until `release()`, as a stalled server would. */
  holdNextMailTo(address: string, subject?: string): HeldMail;
  close(): Promise<void>;
}

type Plan = ({ kind: 'refuse' } | { kind: 'hold'; arrived(): void; released: Promise<void> }) & { subject?: string };

/**
 * A real SMTP server on 127.0.0.1 that keeps every message it accepts:
 * plain SMTP (no STARTTLS), no authentication, parsed with mailparser.
 * A test can make it refuse or stall the next message to an address.
 */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const mails: CapturedMail[] = [];
  /** What to do with the next messages to an address, first plan first; messages no plan matches are accepted. */
  const plans = new Map<string, Plan[]>();
  const planFor = (envelopeTo: string[], subject: string): Plan | undefined => {
    for (const address of envelopeTo) {
      const queue = plans.get(address) ?? [];
      const index = queue.findIndex((plan) => plan.subject === undefined || plan.subject === subject);
      if (index >= 0) return queue.splice(index, 1)[0];
    }
    return undefined;
  };
  const addPlan = (address: string, plan: Plan) => plans.set(address.toLowerCase(), [...(plans.get(address.toLowerCase()) ?? []), plan]);
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const envelopeTo = session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase());
      simpleParser(stream)
        .then(async (parsed) => {
          const plan = planFor(envelopeTo, parsed.subject ?? '');
          if (plan?.kind === 'refuse') {
            // Quoting the recipient, as real servers do (Postfix: "<ada@example.com>: Recipient address rejected").
            callback(Object.assign(new Error(`<${envelopeTo.join('>, <')}>: try again later`), { responseCode: 451 }));
            return;
          }
          if (plan?.kind === 'hold') {
            plan.arrived();
            await plan.released;
          }
          mails.push({
            envelopeTo,
            from: parsed.from?.text ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            headers: Object.fromEntries(parsed.headerLines.map(({ key, line }) => [key, line.slice(line.indexOf(':') + 1).replace(/\r?\n[ \t]+/g, ' ').trim()])),
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
    refuseNextMailTo: (address, subject) => addPlan(address, { kind: 'refuse', subject }),
    holdNextMailTo(address, subject) {
      let received = false;
      let release = () => undefined as void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      addPlan(address, { kind: 'hold', arrived: () => void (received = true), released, subject });
      return {
        get received() {
          return received;
        },
        release,
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The subject of the password reset mail (identity's PasswordResetService). */
export const RESET_SUBJECT = 'Reset your Closetly password';

/** The one link in a mail's text. */
const linkIn = (mail: CapturedMail): URL => {
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no link in the mail "${mail.subject}"`);
  return new URL(link);
};

/**
 * Proves an account's e-mail address the way only its owner can: asks the
 * product for a reset link, reads it from the captured mail and uses it with
 * `password`. Identity trusts an address (ADMIN_EMAILS, linking a provider
 * login) only once this has happened.
 */
export async function proveEmailByResetLink(options: { baseUrl: string; betaToken: string; smtp: SmtpCapture; email: string; password: string }): Promise<void> {
  const { baseUrl, betaToken, smtp, email, password } = options;
  const post = async (path: string, body: unknown) => {
    const response = await fetch(new URL(path, baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json', [BETA_TOKEN_HEADER]: betaToken },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  };
  // Only reset mails: the confirmation mail sign-up sent may still be on its way.
  const resetMails = () => smtp.mailsTo(email).filter((mail) => mail.subject === RESET_SUBJECT);
  const already = resetMails().length;
  await post('/api/auth/forgot-password', { email });
  const mails = await pollUntil(resetMails, (list) => list.length > already, { what: `the reset e-mail to ${email}` });
  const token = linkIn(mails[mails.length - 1]!).searchParams.get('token') ?? '';
  await post('/api/auth/reset-password', { token, password });
}

/** The subject of the mail sign-up sends (identity's EmailConfirmationService). */
export const CONFIRMATION_SUBJECT = 'Confirm your e-mail';

/**
 * Confirms an account's e-mail address the way its owner does: reads the
 * newest "Confirm your e-mail" message to it (sign-up sent one) and opens
 * its link through the confirm call. Only confirmed accounts count toward
 * the shared catalogue (and hold the admin role).
 */
export async function confirmEmailByLink(options: { baseUrl: string; betaToken: string; smtp: SmtpCapture; email: string }): Promise<void> {
  const { baseUrl, betaToken, smtp, email } = options;
  const mails = await pollUntil(
    () => smtp.mailsTo(email).filter((mail) => mail.subject === CONFIRMATION_SUBJECT),
    (list) => list.length > 0,
    { what: `the confirmation e-mail to ${email}` },
  );
  const token = linkIn(mails[mails.length - 1]!).searchParams.get('token') ?? '';
  const response = await fetch(new URL('/api/auth/confirm-email', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', [BETA_TOKEN_HEADER]: betaToken },
    body: JSON.stringify({ token }),
  });
  if (!response.ok) throw new Error(`/api/auth/confirm-email answered ${response.status}: ${await response.text()}`);
}
