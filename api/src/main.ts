// First: on a Node.js that `engines` does not allow, stop with one line saying which to install.
import './infrastructure/supported-node';
import './infrastructure/load-env';
import './infrastructure/old-generation-bound';
import 'reflect-metadata';
import { ENTITIES } from './entities';
import { ConfigError, loadConfig } from './infrastructure/config/env';
import { createLogger } from './infrastructure/logger';
import { openDatabase } from './infrastructure/db/data-source';
import { seedIfEmpty } from './content/seed';
import { clockStartingAt, createServices } from './composition-root';
import { createApp } from './transport/app';
import { HoldSweeper } from './booking/hold-sweeper';
import { OfferSweeper } from './waitlist/offer-sweeper';
import { MailWorker } from './mail/mail-worker';
import { JobWorker } from './infrastructure/jobs/job-worker';
import { missingNodeFlags, productionNodeFlags } from './infrastructure/node-flags';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(78); // EX_CONFIG
    }
    throw e;
  }
  const logger = createLogger(config.logLevel, undefined, { pretty: config.env === 'development' && isInstalled('pino-pretty') });
  const missing = missingNodeFlags(productionNodeFlags());
  if (missing.length) logger.warn(`Started without ${missing.join(' ')} (api/package.json nodeFlags): V8's young generation alone may take ~90 MB more memory (docs/decisions/083)`);
  if (config.admin.generated) {
    logger.warn(`No ADMIN_PASSWORD set: generated one for this ${config.env} install: ${config.admin.password} (kept in data/admin-password.txt)`);
  }

  const db = await connectWithRetry(() => openDatabase(config.database, { entities: ENTITIES }), logger);
  // Several instances may start at once (docker/compose.yml): one migrates and seeds, the others wait.
  const seeded = await db.exclusive('wild-light:startup', async () => {
    await db.migrate();
    return seedIfEmpty(db);
  });
  if (seeded.workshops || seeded.testimonials) logger.info(seeded, 'seeded an empty database');

  const services = createServices(config, db, logger, clockStartingAt(config.clockStart));
  const app = await createApp(services);
  const sweeper = new HoldSweeper(services, logger);
  sweeper.start();
  const offerSweeper = new OfferSweeper(services, logger);
  offerSweeper.start();
  const mailWorker = new MailWorker(services, logger);
  mailWorker.start();
  // Runs at once: whatever fell due while no instance was running is done now (docs/decisions/058).
  const jobWorker = new JobWorker(services.jobs, logger);
  jobWorker.start();
  if (config.mail.smtpUrl) logger.info({ smtp: services.mailer.target }, 'sending mail over SMTP');
  else if (config.env === 'production') logger.warn({ dir: services.mailer.target }, 'No SMTP_URL: mails are NOT sent, only written as .eml files');
  else logger.info({ dir: services.mailer.target }, 'No SMTP_URL: mails are written as .eml files');
  await app.listen(config.port);
  logger.info({ port: config.port, database: config.database.kind }, `serving on http://localhost:${config.port}`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    setTimeout(() => process.exit(1), 10_000).unref();
    // No new mail is claimed from now on; the one being sent is finished and recorded.
    const mailStopped = mailWorker.stop();
    // The job running is finished and recorded; the claims not started are handed back.
    const jobsStopped = jobWorker.stop();
    // No new connections; in-flight requests finish; idle keep-alive connections close; Apollo stops.
    await app.stop();
    await sweeper.stop();
    await offerSweeper.stop();
    await mailStopped;
    await jobsStopped;
    services.mailer.close();
    await services.rateLimitStore.close?.();
    await services.bus?.close();
    await db.close();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/** Development helpers are devDependencies: absent from a production install. */
function isInstalled(name: string): boolean {
  try {
    require.resolve(name);
    return true;
  } catch {
    return false;
  }
}

/** At start-up the database may still be booting (compose, a restart): retry for a minute. */
async function connectWithRetry<T>(connect: () => Promise<T>, logger: ReturnType<typeof createLogger>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await connect();
    } catch (e) {
      if (attempt >= 30) throw e;
      logger.warn({ attempt, err: (e as Error).message }, 'database not reachable yet, retrying in 2s');
      await new Promise((r) => setTimeout(r, 2000));
    }
  }
}

main().catch((e) => {
  console.error('Failed to start:', e);
  process.exit(1);
});
