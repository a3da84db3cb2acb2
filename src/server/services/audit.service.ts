import { AuditEntry } from '../db/entities';
import type { AdminContext } from '../deps';
import type { TAuditEntry } from '../../shared/schemas/admin.schema';
import type { IAuditEntry } from '../db/entities';

type AuditEntity = TAuditEntry['entityType'];

/**
 * Records an admin change in the caller's unit of work, so the entry is committed with the
 * change itself, or not at all.
 */
export function audit(ctx: AdminContext, action: string, entityType: AuditEntity, entityId: string, before: unknown, after: unknown): void {
  ctx.em.create(AuditEntry, {
    actor: ctx.actor.label,
    action,
    entityType,
    entityId,
    before: before === undefined ? null : before,
    after: after === undefined ? null : after,
  });
}

export function toAuditDto(entry: Pick<IAuditEntry, 'id' | 'at' | 'actor' | 'action' | 'entityType' | 'entityId' | 'before' | 'after'>): TAuditEntry {
  return {
    id: entry.id,
    at: entry.at.toISOString(),
    actor: entry.actor,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  };
}
