import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { clock } from '../../clock';
import { STORED_UPLOAD_KINDS } from '../../../shared/schemas/upload.schema';

/**
 * An upload address handed out by `POST /api/objects/upload`. The object is attached once, to
 * the booking, customer or car it was uploaded for ("booking:<id>", ...), after its stored bytes
 * were checked; unattached uploads are deleted after 24 hours.
 */
export const Upload = defineEntity({
  name: 'Upload',
  indexes: [
    { properties: ['attachedAt', 'createdAt'] },
    // Strangers' unattached uploads of the last day, whose bytes the quotas add up.
    { name: 'upload_unattached_index', expression: `create index "upload_unattached_index" on "upload" ("created_at") where "attached_to" is null and "network" is not null` },
  ],
  properties: {
    /** Also the object's key suffix: private/<id> or public/<id>. */
    id: p.uuid().primary(),
    kind: p.enum([...STORED_UPLOAD_KINDS]).nativeEnumName('upload_kind'),
    objectKey: p.string().length(80).unique(),
    /** The type the address was signed for, when the client declared one. */
    contentType: p.string().length(60).nullable(),
    /** The network (`RequestMeta.network`) a stranger asked from; null for staff's uploads. */
    network: p.string().length(64).nullable(),
    /** The most bytes the address may take: the declared size, else the kind's limit. */
    reservedBytes: p.integer().default(0),
    attachedTo: p.string().length(80).nullable(),
    attachedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => clock.now()),
  },
});
export type IUpload = InferEntity<typeof Upload>;
