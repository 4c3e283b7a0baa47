import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of a real server (PostgreSQL in the fault tests). `cut()` is what the app sees when the
 * database restarts: every open connection drops and new ones are refused; `restore()` brings it back on the
 * same port. `withhold` sees what a client sends and keeps back what it returns true for: a request in flight that
 * never reaches the server.
 */
export async function startTcpProxy(upstream: { host: string; port: number }, withhold?: (fromClient: Buffer) => boolean) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = createServer((client) => {
        const up = connect(upstream.port, upstream.host);
        for (const sock of [client, up]) {
          sockets.add(sock);
          sock.on('close', () => sockets.delete(sock));
          sock.on('error', () => {
            client.destroy();
            up.destroy();
          });
        }
        if (withhold) client.on('data', (chunk: Buffer) => void (withhold(chunk) || up.write(chunk)));
        else client.pipe(up);
        up.pipe(client);
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        const addr = s.address();
        if (addr && typeof addr === 'object') port = addr.port;
        server = s;
        resolve();
      });
    });

  const stop = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      sockets.clear();
      if (!server) return resolve();
      server.close(() => resolve());
      server = undefined;
    });

  await listen();
  return {
    get port() {
      return port;
    },
    /** Drops every connection and refuses new ones. */
    cut: stop,
    /** Accepts connections again, on the same port. */
    restore: listen,
    close: stop,
  };
}
