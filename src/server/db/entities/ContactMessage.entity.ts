import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { clock } from '../../clock';

export const ContactMessage = defineEntity({
  name: 'ContactMessage',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    firstName: p.string().length(80),
    lastName: p.string().length(80),
    email: p.string().length(254),
    phone: p.string().length(40).nullable(),
    subject: p.string().length(60),
    message: p.text(),
    createdAt: p.datetime().onCreate(() => clock.now()).index(),
  },
});
export type IContactMessage = InferEntity<typeof ContactMessage>;
