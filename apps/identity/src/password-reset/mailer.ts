import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Logger } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends product e-mail. SMTP when configured; otherwise .eml files a developer can open (tokens never go to logs). */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export const MAILER = Symbol('MAILER');

export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(smtpUrl: string, private readonly from: string) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(mail: Mail): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...mail });
  }
}

export class FileMailer implements Mailer {
  private readonly log = new Logger('FileMailer');
  private readonly transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  constructor(private readonly folder: string, private readonly from: string) {}

  async send(mail: Mail): Promise<void> {
    const info = (await this.transport.sendMail({ from: this.from, ...mail })) as { message: Buffer };
    await mkdir(this.folder, { recursive: true });
    const file = join(resolve(this.folder), `${new Date().toISOString().replace(/[:.]/g, '-')}.eml`);
    await writeFile(file, info.message);
    this.log.log({ file }, 'e-mail written to a file (no SMTP_URL configured)');
  }
}
