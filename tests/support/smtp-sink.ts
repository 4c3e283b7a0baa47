import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on a loopback port that keeps what it receives; it can be stopped and started again. */
export async function startSmtpSink() {
  const received: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const newServer = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        let raw = '';
        stream.setEncoding('utf8');
        stream.on('data', (c: string) => (raw += c));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
          });
          waiters.splice(0).forEach((w) => w());
          callback();
        });
      },
    });
  let server: SMTPServer | undefined = newServer();
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  const close = () =>
    new Promise<void>((resolve) => {
      const s = server;
      server = undefined;
      if (!s) return resolve();
      s.close(() => resolve());
    });
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Waits for a mail to `to`, returning it (mail goes out through the job queue, a moment after the answer). */
    async waitFor(to: string, predicate: (m: ReceivedMail) => boolean = () => true, timeoutMs = 10_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const m = received.find((r) => r.to.includes(to) && predicate(r));
        if (m) return m;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    /** An outage: new connections are refused from now on (sessions already under way finish). */
    stop: close,
    /** Back on the same port. */
    async start() {
      if (server) return;
      const s = newServer();
      await new Promise<void>((resolve, reject) => {
        s.server.once('error', reject);
        s.listen(port, '127.0.0.1', resolve);
      });
      server = s;
    },
    close,
  };
}

/** Decodes a quoted-printable body enough to find links in it. */
export function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
}
