import { isDeepStrictEqual } from 'node:util';
import { AuditEntry } from '../db/entities';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Actor } from '../deps';
import type { TAuditEntry } from '../../shared/schemas/admin.schema';
import type { IAuditEntry } from '../db/entities';

type AuditEntity = TAuditEntry['entityType'];

/** Who changes bookings besides staff: their renter (through the booking's link or document token) and the server's own jobs. */
export const RENTER_ACTOR: Actor = { kind: 'renter', id: 'renter', label: 'Renter (booking link)', email: null, role: null };
/** The renter with the document token of their booking's create answer (fixing a document within the hour). */
export const RENTER_DOCUMENT_ACTOR: Actor = { kind: 'renter', id: 'renter', label: 'Renter (document token)', email: null, role: null };
export const SYSTEM_ACTOR: Actor = { kind: 'system', id: 'system', label: 'System', email: null, role: null };
/** Integrators with ADMIN_API_TOKEN. */
export const API_TOKEN_ACTOR: Actor = { kind: 'token', id: 'api-token', label: 'API token', email: null, role: null };

/**
 * Records a change in the caller's unit of work, so the entry is committed with the change itself,
 * or not at all. The entry names the actor: a staff account by its name and e-mail address.
 */
export function audit(ctx: { em: EntityManager; actor: Pick<Actor, 'label' | 'email'> }, action: string, entityType: AuditEntity, entityId: string, before: unknown, after: unknown): void {
  ctx.em.create(AuditEntry, {
    actor: ctx.actor.label.slice(0, 80),
    actorEmail: ctx.actor.email,
    action,
    entityType,
    entityId,
    before: before === undefined ? null : before,
    after: after === undefined ? null : after,
  });
}

/** `audit` for an edit: one that changed nothing (a form saved as it was) leaves no entry. */
export function auditEdit(ctx: { em: EntityManager; actor: Pick<Actor, 'label' | 'email'> }, action: string, entityType: AuditEntity, entityId: string, before: unknown, after: unknown): void {
  if (!isDeepStrictEqual(before, after)) audit(ctx, action, entityType, entityId, before, after);
}

export function toAuditDto(entry: Pick<IAuditEntry, 'id' | 'at' | 'actor' | 'actorEmail' | 'action' | 'entityType' | 'entityId' | 'before' | 'after'>): TAuditEntry {
  return {
    id: entry.id,
    at: entry.at.toISOString(),
    actor: entry.actor,
    actorEmail: entry.actorEmail ?? null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  };
}
