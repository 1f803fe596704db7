import { AUDIT_OBJECTS, type AuditAction, type AuditOutcome } from '@zorgportaal/contract';
import type { FastifyRequest } from 'fastify';
import type { LinkRow } from '../../platform/network-links.ts';

/** What happened to a link, in the `Change` detail of its Logboek entries. */
export type LinkChange = 'proposed' | 'reproposed' | 'activated' | 'deactivated' | 'removed';

/**
 * A link concerns two organisations, so each change goes into the Logboek of both (the Logboek shows an
 * organisation only its own entries). The caller's entry names the account as usual; the partner's entry
 * names the acting organisation, not the other organisation's account.
 */
export async function recordLinkChange(
  request: FastifyRequest,
  link: Pick<LinkRow, 'id' | 'fromEntityId' | 'toEntityId' | 'role'>,
  event: { action: AuditAction; outcome: AuditOutcome; change: LinkChange; changedFields?: string[] },
): Promise<void> {
  const caller = request.caller!;
  const partner = link.fromEntityId === caller.entityId ? link.toEntityId : link.fromEntityId;
  const common = {
    action: event.action,
    outcome: event.outcome,
    objectType: AUDIT_OBJECTS.network_link,
    objectId: link.id,
    ...(event.changedFields ? { changedFields: event.changedFields } : {}),
  };
  const detail = {
    Change: event.change,
    Role: link.role,
    FromEntityId: link.fromEntityId,
    ToEntityId: link.toEntityId,
    ByEntityId: caller.entityId,
  };
  await request.server.audit.recordMany(request, [
    { ...common, detail },
    { ...common, detail, actor: { userId: null, username: null, entityId: partner, role: null } },
  ]);
}
