import { mkdirSync, writeFileSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  /** Extra header lines (e.g. List-Unsubscribe on newsletter mail). */
  headers?: Record<string, string>;
  /** The Message-ID header, kept the same across retries so a receiver can tell a repeat from a new mail. */
  messageId?: string;
}

export interface OutboxEntry extends Omit<MailMessage, 'attachments'> {
  id: string;
  from: string;
  sentAt: string;
  /** Names and sizes only: the dev outbox does not keep the files. */
  attachments?: Array<{ filename: string; contentType: string; size: number }>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** Real SMTP (SMTP_URL), e.g. smtp://user:pass@smtp.example.com:587 */
class SmtpMailer implements Mailer {
  private transport: Transporter;
  constructor(
    url: string,
    private from: string,
  ) {
    // An attempt that hangs fails in time to be retried (a queued mail's job expires after 10 minutes).
    this.transport = nodemailer.createTransport({ url, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 });
  }
  async send(message: MailMessage) {
    await this.transport.sendMail({ from: this.from, ...message });
  }
  async close() {
    this.transport.close();
  }
}

/** Development: each mail is written as JSON to DATA_DIR/outbox (see README "Reading dev mail"). */
class OutboxMailer implements Mailer {
  constructor(
    private dir: string,
    private from: string,
  ) {
    mkdirSync(dir, { recursive: true });
  }
  async send(message: MailMessage) {
    const { attachments, ...rest } = message;
    const entry: OutboxEntry = { id: randomUUID(), from: this.from, sentAt: new Date().toISOString(), ...rest };
    if (attachments?.length)
      entry.attachments = attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, size: a.content.length }));
    const name = `${entry.sentAt.replace(/[:.]/g, '-')}-${entry.id}.json`;
    writeFileSync(join(this.dir, name), JSON.stringify(entry, null, 2));
    console.log(`[mail] to ${message.to}: "${message.subject}" -> ${join(this.dir, name)}`);
  }
  async close() {}
}

function outboxDir(dataDir: string) {
  return join(dataDir, 'outbox');
}

export function readOutbox(dataDir: string): OutboxEntry[] {
  const dir = outboxDir(dataDir);
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  } catch {
    return [];
  }
  return files
    .sort()
    .reverse()
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as OutboxEntry);
}

export function createMailer(opts: { smtpUrl?: string; from: string; dataDir: string }): Mailer {
  return opts.smtpUrl ? new SmtpMailer(opts.smtpUrl, opts.from) : new OutboxMailer(outboxDir(opts.dataDir), opts.from);
}
