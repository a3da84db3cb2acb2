import { Migration } from '@mikro-orm/migrations';

/**
 * A mail's subject holds up to 998 characters (RFC 5322's line length; nodemailer folds it): a
 * booking's subjects name the renter and the car (120 characters each at most) and its dates, and
 * a long pair went past the 200 the column allowed, so the booking itself failed with a 500.
 */
export class Migration20261126210000_mail_subject_length extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "mail_message" alter column "subject" type varchar(998) using ("subject"::varchar(998));`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "mail_message" alter column "subject" type varchar(200) using (left("subject", 200)::varchar(200));`);
  }
}
