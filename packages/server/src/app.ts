import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DestinationStream } from 'pino';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config/env.ts';
import type { Database } from './db/client.ts';
import accountSecurity from './plugins/app/account-security.ts';
import audit from './plugins/app/audit.ts';
import auth from './plugins/app/auth.ts';
import errorHandler from './plugins/app/error-handler.ts';
import { logSerializers } from './plugins/app/log-serializers.ts';
import { clientErrorHandler, frameworkErrors } from './plugins/app/framework-errors.ts';
import notFound from './plugins/app/not-found.ts';
import web from './plugins/app/web.ts';
import compression from './plugins/external/compression.ts';
import securityHeaders from './plugins/external/security-headers.ts';
import swagger from './plugins/external/swagger.ts';
import avatar from './routes/account/avatar.ts';
import forceLogout from './routes/account/force-logout.ts';
import getAccount from './routes/account/get-account.ts';
import ipAllowList from './routes/account/ip-allow-list.ts';
import profile from './routes/account/profile.ts';
import twoFactorSettings from './routes/account/two-factor-settings.ts';
import forgotPassword from './routes/auth/forgot-password.ts';
import passwordChange from './routes/auth/password-change.ts';
import resetForgottenPassword from './routes/auth/reset-forgotten-password.ts';
import logout from './routes/account/logout.ts';
import health from './routes/health/index.ts';
import settings from './routes/management/settings.ts';
import managementAdmin from './routes/management-admin.ts';
import medicationArea from './routes/medication/index.ts';
import backupStatus from './routes/operations/backup-status.ts';
import token from './routes/oauth/token.ts';
import twoFactor from './routes/oauth/two-factor.ts';
import './types.ts';

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
    // X-Forwarded-For is not trusted by default: it would let anyone forge the IP in the audit log.
    trustProxy: false,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
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
  await app.register(auth);
  await app.register(formbody);
  await app.register(swagger);
  await app.register(audit);
  await app.register(accountSecurity);
  await app.register(web);
  await app.register(notFound);

  await app.register(health);
  await app.register(token);
  // Account security.
  await app.register(twoFactor);
  await app.register(passwordChange);
  await app.register(forgotPassword);
  await app.register(resetForgottenPassword);
  await app.register(twoFactorSettings);
  await app.register(ipAllowList);
  await app.register(forceLogout);
  await app.register(profile);
  await app.register(avatar);
  await app.register(logout);
  await app.register(getAccount);
  await app.register(settings);
  // Persons and accounts management, trash can, Logboek, dashboard.
  await app.register(managementAdmin);
  await app.register(medicationArea);
  await app.register(backupStatus);

  return app;
}
