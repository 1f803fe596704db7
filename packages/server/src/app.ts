import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { DestinationStream } from 'pino';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './platform/config.ts';
import type { Database } from './platform/db/client.ts';
import accountSecurity from './platform/plugins/account-security.ts';
import { refusingUnknownBodyFields } from './platform/plugins/unknown-fields.ts';
import audit from './platform/audit.ts';
import { scheduleKeyCleanup } from './platform/idempotency.ts';
import { scheduleMonthPartitions } from './platform/month-partitions.ts';
import accessHook from './platform/access/hook.ts';
import readYourWrites from './platform/read-db.ts';
import errorHandler from './platform/plugins/error-handler.ts';
import { logSerializers } from './platform/plugins/log-serializers.ts';
import { clientErrorHandler, frameworkErrors } from './platform/plugins/framework-errors.ts';
import notFound from './platform/plugins/not-found.ts';
import web from './platform/plugins/web.ts';
import compression from './platform/plugins/compression.ts';
import securityHeaders from './platform/plugins/security-headers.ts';
import swagger from './platform/plugins/swagger.ts';
import health from './platform/plugins/health.ts';
import backupStatus from './platform/operations/backup-status-route.ts';
import accounts from './areas/accounts/index.ts';
import administration from './areas/administration/index.ts';
import auth from './areas/auth/index.ts';
import dashboard from './areas/dashboard/index.ts';
import etdr from './areas/etdr/index.ts';
import log from './areas/log/index.ts';
import medication from './areas/medication/index.ts';
import persons from './areas/persons/index.ts';
import profile from './areas/profile/index.ts';
import settings from './areas/settings/index.ts';
import trash from './areas/trash/index.ts';
import trombosis from './areas/trombosis/index.ts';
import orders from './areas/orders/index.ts';
import baxter from './areas/baxter/index.ts';
import documents from './areas/documents/index.ts';
import network from './areas/network/index.ts';
import communication from './areas/communication/index.ts';
import vp from './areas/vp/index.ts';
import medicationDashboard from './areas/medication-dashboard/index.ts';
import integrations from './areas/integrations/index.ts';
import diagrams from './areas/diagrams/index.ts';
import fhir from './areas/fhir/index.ts';
import systemClients from './areas/system-clients/index.ts';
import './platform/types.ts';

/** Every area of the portal: one Fastify plugin each, registered in this order after the platform. */
const AREAS: readonly FastifyPluginAsync[] = [
  auth,
  profile,
  settings,
  persons,
  accounts,
  trash,
  log,
  dashboard,
  medication,
  administration,
  etdr,
  trombosis,
  orders,
  baxter,
  documents,
  network,
  communication,
  vp,
  medicationDashboard,
  integrations,
  diagrams,
  systemClients,
  fhir,
];

export interface BuildAppOptions {
  /** pino logger options; false silences the app (tests). */
  logger?: boolean | { level: string };
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: DestinationStream;
}

/** Builds the whole app without listening: main.ts listens, tests use `inject`. */
export async function buildApp(
  config: Config,
  database: Database,
  opts: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const logger = opts.logger ?? { level: config.logLevel };
  const app = Fastify({
    // The serializers keep query strings, query parameters and database error details out of the log.
    logger:
      logger === false
        ? false
        : {
            ...(logger === true ? { level: config.logLevel } : logger),
            serializers: logSerializers,
            ...(opts.logStream ? { stream: opts.logStream } : {}),
          },
    bodyLimit: 1024 * 1024,
    // X-Forwarded-For is believed only from the proxies named in TRUST_PROXY: from anyone else it would let
    // them forge the IP in the audit log, and without it every client behind a proxy has the proxy's address.
    trustProxy: config.trustProxy?.length ? config.trustProxy : false,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  // A body field the schema does not know is a 400 naming it, on every route (unknown-fields.ts).
  const validator = refusingUnknownBodyFields(validatorCompiler);
  app.setValidatorCompiler(validator);
  app.setSerializerCompiler(serializerCompiler);
  // The API speaks JSON and form data (OAuth) only; anything else is 415, not a string to validate.
  app.removeContentTypeParser('text/plain');

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  // Named markers so plugins can declare what they need.
  await app.register(fp(async () => {}, { name: 'config' }));
  await app.register(fp(async () => {}, { name: 'db' }));

  await app.register(errorHandler);
  await app.register(securityHeaders);
  await app.register(compression);
  // Before any route, so its onRoute hook sees every one (the deny-by-default test enumerates them).
  await app.register(accessHook);
  await app.register(readYourWrites);
  await app.register(formbody);
  await app.register(swagger);
  await app.register(audit);
  await app.register(accountSecurity);
  scheduleKeyCleanup(app);
  scheduleMonthPartitions(app);
  await app.register(web);
  await app.register(notFound);

  await app.register(health);
  for (const area of AREAS) await app.register(area);
  await app.register(backupStatus);

  return app;
}
