import type { TContact } from '../../shared/schemas/contact.schema';
import { ContactMessage } from '../db/entities';
import type { ServiceContext } from '../deps';
import { queueMail } from '../mail/outbox';
import { garageEnquiryMail } from '../mail/templates';

/** Stores an enquiry and queues the garage's notice in the same transaction. */
export async function sendContactMessage(ctx: ServiceContext, input: TContact): Promise<{ id: string }> {
  const id = await ctx.em.transactional(async (em) => {
    const row = em.create(ContactMessage, {
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      phone: input.phone ?? null,
      subject: input.subject,
      message: input.message,
    });
    await queueMail(em, [garageEnquiryMail(input, ctx.deps.business, ctx.deps.mail.garageTo)]);
    await em.flush();
    return row.id;
  });
  ctx.deps.mail.wake();
  return { id };
}
