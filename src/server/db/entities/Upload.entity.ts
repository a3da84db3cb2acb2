import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { STORED_UPLOAD_KINDS } from '../../../shared/schemas/upload.schema';

/**
 * An upload address handed out by `POST /api/objects/upload`. The object is attached once, to
 * the booking, customer or car it was uploaded for ("booking:<id>", ...), after its stored bytes
 * were checked; unattached uploads are deleted after 24 hours.
 */
export const Upload = defineEntity({
  name: 'Upload',
  indexes: [{ properties: ['attachedAt', 'createdAt'] }],
  properties: {
    /** Also the object's key suffix: private/<id> or public/<id>. */
    id: p.uuid().primary(),
    kind: p.enum([...STORED_UPLOAD_KINDS]).nativeEnumName('upload_kind'),
    objectKey: p.string().length(80).unique(),
    /** The type the address was signed for, when the client declared one. */
    contentType: p.string().length(60).nullable(),
    attachedTo: p.string().length(80).nullable(),
    attachedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type IUpload = InferEntity<typeof Upload>;
