import net from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { AppError } from '../../common/errors.ts';
import { addressBlock } from '../config.ts';
import { safeEqual } from './secrets.ts';

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

    // The listing's in-memory index (issue 26): how many ads it holds, 0 while it loads or when it is off.
    new Gauge({
      name: 'listing_index_ads',
      help: 'Listed ads held by this process for listings without words (0: loading, or off)',
      registers: [registry],
      collect() {
        this.set(app.services.listingIndex?.size ?? 0);
      },
    });

    app.addHook('onResponse', async (request, reply) => {
      // The route pattern, not the URL, keeps the label set small.
      const route = request.routeOptions.url ?? 'unknown';
      duration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    });

    // Metrics tell an attacker a lot (routes, timings, memory): only the allow-listed addresses
    // (loopback by default) or a caller with METRICS_TOKEN may read them; others get a 404.
    const allowed = new net.BlockList();
    for (const entry of app.config.metrics.allow) {
      const block = addressBlock(entry)!;
      allowed.addSubnet(block.address, block.prefix, block.family);
    }
    const token = app.config.metrics.token;
    const mayRead = (request: FastifyRequest) => {
      const header = request.headers.authorization;
      if (token && header?.startsWith('Bearer ') && safeEqual(header.slice(7).trim(), token)) return true;
      const ip = request.ip.startsWith('::ffff:') ? request.ip.slice(7) : request.ip;
      return allowed.check(ip, net.isIPv6(ip) ? 'ipv6' : 'ipv4');
    };

    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!mayRead(request)) throw new AppError('route_not_found');
      void reply.type(registry.contentType);
      return registry.metrics();
    });
  },
  { name: 'metrics' },
);
