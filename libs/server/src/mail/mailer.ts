import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Logger } from '@nestjs/common';
import type { Transporter } from 'nodemailer';

/* eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded by the first mail: not worth every start's time (BENCH_ONLY=footprint) */
const nodemailer = () => require('nodemailer') as typeof import('nodemailer');

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (the price-alert digest's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
}

/** Sends product e-mail. SMTP when configured; otherwise .eml files a developer can open (tokens never go to logs). */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export const MAILER = Symbol('MAILER');

export class SmtpMailer implements Mailer {
  private transport: Transporter | undefined;

  constructor(private readonly smtpUrl: string, private readonly from: string) {}

  async send(mail: Mail): Promise<void> {
    this.transport ??= nodemailer().createTransport(this.smtpUrl);
    await this.transport.sendMail({ from: this.from, ...mail });
  }
}

export class FileMailer implements Mailer {
  private readonly log = new Logger('FileMailer');
  private transport: Transporter | undefined;

  constructor(private readonly folder: string, private readonly from: string) {}

  async send(mail: Mail): Promise<void> {
    this.transport ??= nodemailer().createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    const info = (await this.transport.sendMail({ from: this.from, ...mail })) as { message: Buffer };
    await mkdir(this.folder, { recursive: true });
    // The time sorts the files for a reader; the random part keeps mails sent in the same millisecond apart,
    // and 'wx' refuses to overwrite a file should two names ever meet.
    const file = join(resolve(this.folder), `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`);
    await writeFile(file, info.message, { flag: 'wx' });
    this.log.log({ file }, 'e-mail written to a file (no SMTP_URL configured)');
  }
}
