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
  });

  it('Dockerfile builds in one stage and runs api/dist/main.js as a non-root user in another', () => {
    const dockerfile = fs.readFileSync(path.join(root, 'docker/Dockerfile'), 'utf8');
    expect(dockerfile.match(/^FROM /gm)).toHaveLength(2);
    expect(dockerfile).toMatch(/RUN npm ci/);
    expect(dockerfile).toMatch(/RUN npm run build/);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/CMD \["node", "api\/dist\/main.js"\]/);
    // Every path it copies from the build context exists.
    for (const m of dockerfile.matchAll(/^COPY (?!--from)(\S+)/gm)) {
      if (m[1] !== '.') expect(fs.existsSync(path.join(root, m[1]))).toBe(true);
    }
  });
});
