import { randomUUID } from 'node:crypto';
import type { MailMessage, Mailer } from '../integrations/mail/mailer.js';
import type { JobQueue } from './queue.js';

/** A rendered mail as stored in the queue (JSON): attachments as base64. */
export interface MailJob extends Omit<MailMessage, 'attachments' | 'messageId'> {
  attachments?: Array<{ filename: string; contentType: string; base64: string }>;
}

/**
 * What the services use as their mailer: `send` puts the mail on the queue and resolves once it is stored, so an
 * SMTP outage neither fails nor slows the request, and the mail goes out when the server answers again.
 */
export function queuedMailer(queue: JobQueue): Mailer {
  return {
    async send(message) {
      const { attachments, messageId: _ignored, ...rest } = message;
      const job: MailJob = { ...rest };
      if (attachments?.length)
        job.attachments = attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          base64: a.content.toString('base64'),
        }));
      await queue.send('mail', job, { id: randomUUID() });
    },
    async close() {},
  };
}

/** The worker's side: one attempt to hand the mail to the transport (SMTP, or the dev outbox). */
export function mailDelivery(transport: Mailer, domain: string) {
  return async (job: MailJob, meta: { id: string }) => {
    const { attachments, ...rest } = job;
    await transport.send({
      ...rest,
      // The job's id: every attempt of this mail carries the same Message-ID.
      messageId: `<${meta.id}@${domain}>`,
      ...(attachments?.length
        ? {
            attachments: attachments.map((a) => ({
              filename: a.filename,
              contentType: a.contentType,
              content: Buffer.from(a.base64, 'base64'),
            })),
          }
        : {}),
    });
  };
}
