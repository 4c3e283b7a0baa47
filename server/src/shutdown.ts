import { stopTracing } from './observability/tracing.js';

/**
 * SIGTERM / SIGINT (a deploy, Ctrl-C): announce, run `close` once (a second signal does not start a second close),
 * flush the traces, and exit 0; exit 1 when closing fails or takes more than 15 s, so an orchestrator never waits on a
 * process that cannot stop.
 */
export function exitOnSignal(announce: (signal: string) => void, close: () => Promise<void>): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    announce(signal);
    const timer = setTimeout(() => process.exit(1), 15000).unref();
    try {
      await close();
      await stopTracing();
      clearTimeout(timer);
      process.exit(0);
    } catch (err) {
      console.error(err);
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}
