import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Prometheus metrics at /metrics: process defaults and a request-duration histogram per route. */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    });

    app.addHook('onResponse', async (request, reply) => {
      // The route pattern, not the URL, keeps the label set small.
      const route = request.routeOptions.url ?? 'unknown';
      duration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    });

    app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
      void reply.type(registry.contentType);
      return registry.metrics();
    });
  },
  { name: 'metrics' },
);
