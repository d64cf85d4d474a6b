import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PlainSettings } from './config-schema.ts';
import { ConfigError, loadConfig } from './config.ts';
import { projectRoot } from './paths.ts';

describe('loadConfig', () => {
  it('runs on embedded defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'production',
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      redisUrl: undefined,
      seedDemoData: true,
      dataDir: path.join(projectRoot, 'data'),
    });
  });

  it('reads a replica only beside a primary, with its lag bound', () => {
    expect(loadConfig({}).databaseRead).toBeUndefined();
    expect(
      loadConfig({ DATABASE_URL: 'postgres://primary/db', DATABASE_READ_URL: 'postgres://replica/db', DATABASE_READ_MAX_LAG_SECONDS: '3' })
        .databaseRead,
    ).toEqual({ url: 'postgres://replica/db', maxLagSeconds: 3 });
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://replica/db' })).toThrow(/DATABASE_READ_URL needs DATABASE_URL/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://primary/db', DATABASE_READ_URL: 'mysql://replica/db' })).toThrow(
      /DATABASE_READ_URL/,
    );
    expect(() =>
      loadConfig({ DATABASE_URL: 'postgres://p/db', DATABASE_READ_URL: 'postgres://r/db', DATABASE_READ_MAX_LAG_SECONDS: '-1' }),
    ).toThrow(/DATABASE_READ_MAX_LAG_SECONDS/);
  });

  it('derives the public URL from the port and drops a trailing slash', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://kauppis.fi/' }).publicUrl).toBe('https://kauppis.fi');
  });

  it('compresses answers unless told a proxy does it', () => {
    expect(loadConfig({}).compressResponses).toBe(true);
    expect(loadConfig({ COMPRESS_RESPONSES: 'false' }).compressResponses).toBe(false);
  });

  it('does not load demo accounts on PostgreSQL unless asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/db' }).seedDemoData).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/db', SEED_DEMO_DATA: 'true' }).seedDemoData).toBe(true);
  });

  it('reports every bad setting at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', TRUST_PROXY: 'maybe', REDIS_URL: 'not a url' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toHaveLength(5);
    for (const key of ['PORT', 'DATABASE_URL', 'REDIS_URL', 'LOG_LEVEL', 'TRUST_PROXY']) {
      expect(
        problems.filter((problem) => problem.startsWith(`${key} `)),
        key,
      ).toHaveLength(1);
    }
  });

  it('resolves DATA_DIR against the project folder', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/kauppis' }).dataDir).toBe('/tmp/kauppis');
    expect(loadConfig({ DATA_DIR: 'var/state' }).dataDir).toBe(path.join(projectRoot, 'var/state'));
  });

  it('shows OpenStreetMap tiles by default, none when MAP_TILE_URL is empty, and refuses a template without {z}/{x}/{y}', () => {
    expect(loadConfig({}).mapTileUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(loadConfig({ MAP_TILE_URL: '' }).mapTileUrl).toBe('');
    expect(loadConfig({ MAP_TILE_URL: 'https://tiles.example.fi/{z}/{x}/{y}.png' }).mapTileUrl).toBe(
      'https://tiles.example.fi/{z}/{x}/{y}.png',
    );
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example.fi/tile.png' })).toThrow(ConfigError);
    expect(() => loadConfig({ MAP_TILE_URL: 'ftp://x/{z}/{x}/{y}' })).toThrow(/MAP_TILE_URL/);
  });

  it('keeps listing answers 15 seconds and anonymous pages 10 seconds unless told otherwise', () => {
    expect(loadConfig({}).listingCacheSeconds).toBe(15);
    expect(loadConfig({ LISTING_CACHE_SECONDS: '0' }).listingCacheSeconds).toBe(0);
    expect(loadConfig({}).listingIndex).toBe(true);
    expect(loadConfig({ LISTING_INDEX: 'off' }).listingIndex).toBe(false);
    expect(loadConfig({}).alertIndex).toBe(true);
    expect(loadConfig({ ALERT_INDEX: 'false' }).alertIndex).toBe(false);
    expect(() => loadConfig({ LISTING_INDEX: 'maybe' })).toThrow(/LISTING_INDEX/);
    expect(() => loadConfig({ LISTING_CACHE_SECONDS: '-1' })).toThrow(/LISTING_CACHE_SECONDS/);
    expect(loadConfig({}).pageCacheSeconds).toBe(10);
    expect(loadConfig({ PAGE_CACHE_SECONDS: '0' }).pageCacheSeconds).toBe(0);
    expect(() => loadConfig({ PAGE_CACHE_SECONDS: 'often' })).toThrow(/PAGE_CACHE_SECONDS/);
  });
});

describe('metrics settings', () => {
  it('reads the token and the allow-list, and names every bad entry', () => {
    expect(loadConfig({}).metrics).toEqual({ token: undefined, allow: ['127.0.0.0/8', '::1'] });
    expect(loadConfig({ METRICS_ALLOW: '10.0.0.0/8, 192.168.1.5,fd00::/8', METRICS_TOKEN: 'x'.repeat(16) }).metrics).toEqual({
      token: 'x'.repeat(16),
      allow: ['10.0.0.0/8', '192.168.1.5', 'fd00::/8'],
    });
    expect(() => loadConfig({ METRICS_ALLOW: '10.0.0.0/33,example.com', METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN must have at least 16 characters[\s\S]*10\.0\.0\.0\/33[\s\S]*example\.com/,
    );
  });
});

describe('request timeout', () => {
  it('defaults to two minutes and refuses what is not a whole number of seconds from 1 to 3600', () => {
    expect(loadConfig({}).requestTimeoutSeconds).toBe(120);
    expect(loadConfig({ REQUEST_TIMEOUT_SECONDS: '30' }).requestTimeoutSeconds).toBe(30);
    expect(() => loadConfig({ REQUEST_TIMEOUT_SECONDS: '0' })).toThrow(/REQUEST_TIMEOUT_SECONDS must be a whole number from 1 to 3600/);
  });
});

describe('TRUST_PROXY', () => {
  const trust = (value: string | undefined) => loadConfig({ TRUST_PROXY: value }).trustProxy;

  it('is off by default, and takes a hop count or the proxies’ addresses and CIDR blocks', () => {
    expect(trust(undefined)).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.0/8, 192.168.1.5,::1')).toEqual(['10.0.0.0/8', '192.168.1.5', '::1']);
  });

  it('reads true as one hop, never as "believe every X-Forwarded-For"', () => {
    expect(trust('true')).toBe(1);
    expect(trust('1')).toBe(1);
  });

  it('names a bad value', () => {
    for (const bad of ['maybe', '11', '10.0.0.0/33', '10.0.0.1,proxy.internal']) {
      expect(() => trust(bad)).toThrow(/TRUST_PROXY must be false, a number of proxy hops from 1 to 10, or proxy addresses/);
    }
  });
});

describe('strong identification (IDENTITY_*)', () => {
  const broker = { IDENTITY_ISSUER: 'https://broker.example/oidc/', IDENTITY_CLIENT_ID: 'kauppis', IDENTITY_CLIENT_SECRET: 's3cret' };

  it('is off unless a broker is set, and takes its issuer, client and the scopes (openid profile by default)', () => {
    expect(loadConfig({}).identity).toBeUndefined();
    expect(loadConfig(broker).identity).toEqual({
      issuer: 'https://broker.example/oidc',
      clientId: 'kauppis',
      clientSecret: 's3cret',
      scope: 'openid profile',
    });
    expect(loadConfig({ ...broker, IDENTITY_SCOPE: ' openid  profile ftn ' }).identity?.scope).toBe('openid profile ftn');
  });

  it('wants the three together, https (http only on this machine) and the openid scope', () => {
    expect(() => loadConfig({ IDENTITY_ISSUER: broker.IDENTITY_ISSUER })).toThrow(
      /IDENTITY_ISSUER, IDENTITY_CLIENT_ID and IDENTITY_CLIENT_SECRET must be set together/,
    );
    expect(() => loadConfig({ ...broker, IDENTITY_ISSUER: 'http://broker.example' })).toThrow(/IDENTITY_ISSUER must use https:/);
    expect(loadConfig({ ...broker, IDENTITY_ISSUER: 'http://127.0.0.1:8080' }).identity?.issuer).toBe('http://127.0.0.1:8080');
    expect(loadConfig({ ...broker, IDENTITY_ISSUER: 'http://localhost:8080' }).identity?.issuer).toBe('http://localhost:8080');
    expect(() => loadConfig({ ...broker, IDENTITY_ISSUER: 'ftp://broker.example' })).toThrow(/IDENTITY_ISSUER must use https: or http:/);
    expect(() => loadConfig({ ...broker, IDENTITY_SCOPE: 'profile' })).toThrow(/IDENTITY_SCOPE must include openid/);
  });
});

describe('the plain settings schema', () => {
  it('takes whole numbers only as digits, and reports the bounds the schema sets', () => {
    expect(loadConfig({ PORT: ' 8080 ' }).port).toBe(8080);
    for (const bad of ['8.5', '1e3', '0x50', '-1', '70000']) {
      expect(() => loadConfig({ PORT: bad }), bad).toThrow(`PORT must be a whole number from 0 to 65535, got "${bad}"`);
    }
    expect(() => loadConfig({ BODY_LIMIT: '512' })).toThrow(/BODY_LIMIT must be a whole number from 1024 to 104857600/);
  });

  it('reads yes and no words as booleans and refuses others', () => {
    expect(loadConfig({ HIBP_ENABLED: 'Yes' }).hibpEnabled).toBe(true);
    expect(loadConfig({ COMPRESS_RESPONSES: 'off' }).compressResponses).toBe(false);
    expect(() => loadConfig({ HIBP_ENABLED: 'perhaps' })).toThrow('HIBP_ENABLED must be true or false, got "perhaps"');
  });

  it('is the README’s settings table: every setting has a row, with the default the schema gives', () => {
    const readme = fs.readFileSync(path.join(projectRoot, 'README.md'), 'utf8');
    for (const [key, schema] of Object.entries(PlainSettings.properties)) {
      const row = readme.split('\n').find((line) => line.split('|')[1]?.includes(`\`${key}\``));
      expect(row, key).toBeDefined();
      const fallback = (schema as { default?: unknown }).default;
      if (fallback !== undefined) expect(row!.split('|')[2], key).toContain(String(fallback));
    }
  });
});
