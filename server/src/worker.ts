/**
 * `npm run worker` / `node server/dist/worker.js`: traces first when OTEL_EXPORTER_OTLP_ENDPOINT is set, then the
 * worker (run-worker.ts), imported only afterwards so its modules load instrumented.
 */
import { startTracing } from './observability/tracing.js';

await startTracing('mawarid-worker');
await import('./run-worker.js');
