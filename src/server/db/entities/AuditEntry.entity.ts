import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { clock } from '../../clock';
import { AUDIT_ENTITIES } from '../../../shared/schemas/admin.schema';

/**
 * Who changed what, and when, with the record before and after. Indexed on (at, id), alone and
 * after the entity type, for the log's newest-first pages by cursor.
 */
export const AuditEntry = defineEntity({
  name: 'AuditEntry',
  indexes: [{ properties: ['at', 'id'] }, { properties: ['entityType', 'at', 'id'] }],
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    at: p.datetime().onCreate(() => clock.now()),
    actor: p.string().length(80),
    actorEmail: p.string().length(254).nullable(),
    action: p.string().length(60),
    entityType: p.enum([...AUDIT_ENTITIES]).nativeEnumName('audit_entity'),
    entityId: p.string().length(64),
    before: p.json<unknown>().nullable(),
    after: p.json<unknown>().nullable(),
  },
});
export type IAuditEntry = InferEntity<typeof AuditEntry>;
