import type { Permission } from '@zorgportaal/contract';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { CallerCache } from './access/caller-cache.ts';
import type { RegisteredRoute } from './access/hook.ts';
import type { Events } from './events.ts';
import type { AttemptLimiter } from './attempts/attempt-limiter.ts';
import type { Mailer } from './mail.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { AuditService } from './audit.ts';
import type { Caller } from './access/caller.ts';

/**
 * The request's `caller` (declared below). Its type lives with the access hook that sets it, which cannot
 * import this file (it would close a cycle); everyone else imports it from here.
 */
export type { Caller };

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    database: Database;
    audit: AuditService;
    /** Brute-force counters (database or Redis), shared by every instance. */
    attemptLimiter: AttemptLimiter;
    /** Readiness probe of Redis (REDIS_URL); null when Redis is not configured. */
    redisReady: (() => Promise<boolean>) | null;
    /** Outgoing mail: SMTP_URL, or the log and the mail_outbox table. */
    mailer: Mailer;
    /** Publish/subscribe between instances (LISTEN/NOTIFY on PostgreSQL, in-process on PGlite). */
    events: Events;
    /** Resolved callers and entity settings in memory; `forget*` after every change that narrows a session. */
    callerCache: CallerCache;
    /** Every route as registered, with whether it is public (the deny-by-default test reads it). */
    registeredRoutes: readonly RegisteredRoute[];
    /** preHandler answering 403 FORBIDDEN when the caller lacks the permission. */
    requirePermission(permission: Permission): preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    /** Set for authenticated requests; routes behind the auth hook may rely on it. */
    caller: Caller | null;
  }
}
