/**
 * `npm start` / `node server/dist/main.js`: traces first when OTEL_EXPORTER_OTLP_ENDPOINT is set (observability/
 * tracing.ts), then the server (web.ts), imported only afterwards so its modules load instrumented.
 */
import { startTracing } from './observability/tracing.js';

await startTracing('mawarid-web');
await import('./web.js');
