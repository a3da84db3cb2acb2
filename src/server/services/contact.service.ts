import type { TContact } from '../../shared/schemas/contact.schema';
import { ContactMessage } from '../db/entities';
import type { ServiceContext } from '../deps';
import { queueMail } from '../mail/outbox';
import { garageEnquiryMail } from '../mail/templates';

/** Stores an enquiry and queues the garage's notice in the same transaction. */
export async function sendContactMessage(ctx: ServiceContext, input: TContact): Promise<{ id: string }> {
  const row = ctx.em.create(ContactMessage, {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phone: input.phone ?? null,
    subject: input.subject,
    message: input.message,
  });
  queueMail(ctx.em, garageEnquiryMail(input, ctx.deps.business, ctx.deps.mail.garageTo));
  await ctx.em.flush();
  ctx.deps.mail.wake();
  return { id: row.id };
}
