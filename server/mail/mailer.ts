// Outgoing mail: .eml files under data/mail by default, SMTP when SMTP_URL is set.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export class Mailer {
  private transport;
  constructor(private readonly opts: { smtpUrl?: string; mailDir: string; from: string }) {
    this.transport = opts.smtpUrl
      ? nodemailer.createTransport(opts.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  async send(mail: Mail): Promise<void> {
    const info = await this.transport.sendMail({ from: this.opts.from, ...mail });
    if (this.opts.smtpUrl) return;
    await mkdir(this.opts.mailDir, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`;
    await writeFile(join(this.opts.mailDir, name), (info as unknown as { message: Buffer }).message);
  }
}
