/**
 * OpenTelemetry traces, only when OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set: spans
 * of incoming HTTP requests, Express routing, GraphQL operations and PostgreSQL queries, sent as OTLP/HTTP (JSON) to
 * the collector. Unset, nothing of OpenTelemetry is loaded. main.ts and worker.ts call startTracing before they
 * import the app, because instrumentations patch modules as they load (the ESM hook sees only later imports).
 */
import { register } from 'node:module';

const INSTRUMENTED = ['node:http', 'http', 'node:https', 'https', 'express', 'graphql', 'pg'];

let provider: { shutdown(): Promise<void> } | undefined;

/** Health probes and scrapes come every few seconds and say nothing about a request's path: not traced. */
const UNTRACED = new Set(['/api/health/live', '/api/health/ready', '/metrics']);

export async function startTracing(defaultServiceName: string): Promise<void> {
  if (!process.env.OTEL_EXPORTER_OTLP_ENDPOINT && !process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return;
  // Imports of these modules from ES modules (ours, Apollo's) go through import-in-the-middle from here on, so the
  // instrumentations can patch them; CommonJS requires (pg under MikroORM and pg-boss) are patched without it. Only
  // these: wrapping every module breaks ESM wrappers of CommonJS packages (@mikro-orm/core's index.mjs).
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, { data: { include: INSTRUMENTED } });
  const [
    { NodeTracerProvider },
    { BatchSpanProcessor },
    { resourceFromAttributes, detectResources, envDetector },
    { ATTR_SERVICE_NAME },
    { OTLPTraceExporter },
    { registerInstrumentations },
    { HttpInstrumentation },
    { ExpressInstrumentation },
    { PgInstrumentation },
    { GraphQLInstrumentation },
  ] = await Promise.all([
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/semantic-conventions'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/instrumentation'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-express'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation-graphql'),
  ]);
  // OTEL_SERVICE_NAME names the service (default mawarid-web or mawarid-worker); OTEL_RESOURCE_ATTRIBUTES adds more.
  const resource = resourceFromAttributes({ [ATTR_SERVICE_NAME]: process.env.OTEL_SERVICE_NAME || defaultServiceName }).merge(
    detectResources({ detectors: [envDetector] }),
  );
  const tracer = new NodeTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())] });
  tracer.register();
  registerInstrumentations({
    tracerProvider: tracer,
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: (req) => UNTRACED.has((req.url ?? '').split('?')[0]) }),
      new ExpressInstrumentation(),
      // Only queries made for a traced request or job: the job queue's polling would otherwise fill the traces.
      new PgInstrumentation({ requireParentSpan: true }),
      new GraphQLInstrumentation({ ignoreTrivialResolveSpans: true, mergeItems: true }),
    ],
  });
  provider = tracer;
}

/** Sends the spans still buffered; called before the process exits. */
export async function stopTracing(): Promise<void> {
  await provider?.shutdown().catch(() => undefined);
}
