import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

// Docker does not run on our machines, so the deployment files are checked here:
// the compose file must parse and wire MySQL 8 to the app; the Dockerfile must
// build the one Node process the README describes.
const root = path.resolve(__dirname, '../../..');

describe('docker/', () => {
  it('compose.yml is valid YAML with MySQL 8 and the app wired to it', () => {
    const compose = parse(fs.readFileSync(path.join(root, 'docker/compose.yml'), 'utf8'));
    expect(compose.services.db.image).toMatch(/^mysql:8/);
    const app = compose.services.app;
    expect(app.build.dockerfile).toBe('docker/Dockerfile');
    expect(fs.existsSync(path.join(root, 'docker', app.build.context, app.build.dockerfile))).toBe(true);
    expect(app.depends_on.db.condition).toBe('service_healthy');
    expect(app.environment.DATABASE_URL).toMatch(/^mysql:\/\/workshops:\$\{MYSQL_PASSWORD\}@db:3306\/workshops$/);
    expect(app.environment.NODE_ENV).toBe('production');
    expect(app.environment.ADMIN_PASSWORD).toContain('ADMIN_PASSWORD');
    // Production refuses to start without its own signing secrets (docs/decisions/067): compose demands them.
    expect(app.environment.ALTCHA_HMAC_SECRET).toMatch(/^\$\{ALTCHA_HMAC_SECRET:\?/);
    expect(app.environment.BOOKING_LINK_SECRET).toMatch(/^\$\{BOOKING_LINK_SECRET:\?/);
  });

  it('compose.yml runs two app replicas behind Caddy, sharing MySQL and Redis, every service with a healthcheck', () => {
    const compose = parse(fs.readFileSync(path.join(root, 'docker/compose.yml'), 'utf8'));
    const { app, proxy, redis, db } = compose.services;
    expect(app.deploy.replicas).toBe('${APP_REPLICAS:-2}');
    // Replicas cannot share a host port: only the proxy publishes one.
    expect(app.ports).toBeUndefined();
    expect(app.expose).toEqual(['3000']);
    expect(app.environment.REDIS_URL).toBe('redis://redis:6379');
    // Rate limits key on the visitor, not on the proxy's address on the compose network.
    expect(app.environment.TRUST_PROXY).toBe('uniquelocal');
    expect(app.depends_on.redis.condition).toBe('service_healthy');
    expect(redis.image).toMatch(/^redis:\d/);
    expect(proxy.image).toMatch(/^caddy:2/);
    expect(proxy.depends_on.app.condition).toBe('service_healthy');
    expect(proxy.ports.map((p: string) => p.split(':').at(-1))).toEqual(['80', '443']);
    for (const service of [db, redis, app, proxy]) {
      expect(service.healthcheck.test[0]).toBe('CMD');
      expect(service.restart).toBe('unless-stopped');
    }
    // Every variable the app is given is one it reads.
    const envSource = fs.readFileSync(path.join(root, 'api/src/infrastructure/config/env.ts'), 'utf8');
    for (const name of Object.keys(app.environment)) expect(envSource).toContain(`${name}?: `);

    // The Caddyfile it mounts proxies to every replica of "app" on the port the app listens on.
    const mount = proxy.volumes.find((v: string) => v.endsWith(':/etc/caddy/Caddyfile:ro'));
    const caddyfile = fs.readFileSync(path.join(root, 'docker', mount.split(':')[0]), 'utf8');
    expect(caddyfile).toMatch(/reverse_proxy \{[\s\S]*dynamic a \{\s*name app\s+port 3000\b/);
    expect(caddyfile).toMatch(/lb_try_duration \d+s/);
    expect(caddyfile).toMatch(/^\{\$SITE_ADDRESS::80\} \{/m);
    // Braces balance (a Caddyfile that does not parse stops the proxy).
    expect(caddyfile.replace(/\{\$[A-Z_]+(:[^}]*)?\}/g, '').split('{').length).toBe(caddyfile.replace(/\{\$[A-Z_]+(:[^}]*)?\}/g, '').split('}').length);
  });

  it('Dockerfile builds in one stage and runs api/dist/main.js as a non-root user in another', () => {
    const dockerfile = fs.readFileSync(path.join(root, 'docker/Dockerfile'), 'utf8');
    expect(dockerfile.match(/^FROM /gm)).toHaveLength(2);
    expect(dockerfile).toMatch(/RUN npm ci/);
    expect(dockerfile).toMatch(/RUN npm run build/);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/CMD \["node", ("--[a-z-]+=\d+", )*"api\/dist\/main.js"\]/);
    // Both stages on one Node LTS image that package.json's engines allow (docs/decisions/054).
    const images = [...dockerfile.matchAll(/^FROM (node:(\d+)-\S+)/gm)];
    expect(images).toHaveLength(2);
    expect(images[0][1]).toBe(images[1][1]);
    // 22, not 24: better-sqlite3 12 built against Node 24.19+ headers aborts (decision 054).
    expect(images[0][2]).toBe('22');
    const engines = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node as string;
    expect(engines.split('||').map((r) => /\d+/.exec(r)![0])).toContain(images[0][2]);
    // Every path it copies from the build context exists.
    for (const m of dockerfile.matchAll(/^COPY (?!--from)(\S+)/gm)) {
      if (m[1] !== '.') expect(fs.existsSync(path.join(root, m[1]))).toBe(true);
    }
  });
});
