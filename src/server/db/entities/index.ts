import { AdminSession } from './AdminSession.entity';
import { AppSetting } from './AppSetting.entity';
import { AuditEntry } from './AuditEntry.entity';
import { BlockedName } from './BlockedName.entity';
import { Booking } from './Booking.entity';
import { BookingTally } from './BookingTally.entity';
import { Car } from './Car.entity';
import { ContactMessage } from './ContactMessage.entity';
import { Customer } from './Customer.entity';
import { CustomerDeletion } from './CustomerDeletion.entity';
import { CustomerTally } from './CustomerTally.entity';
import { IdempotencyKey } from './IdempotencyKey.entity';
import { MailMessage } from './MailMessage.entity';
import { Payment } from './Payment.entity';
import { RateLimitWindow } from './RateLimitWindow.entity';
import { StaffAccount } from './StaffAccount.entity';
import { Upload } from './Upload.entity';

export * from './AdminSession.entity';
export * from './AppSetting.entity';
export * from './AuditEntry.entity';
export * from './BlockedName.entity';
export * from './Booking.entity';
export * from './BookingTally.entity';
export * from './Car.entity';
export * from './ContactMessage.entity';
export * from './Customer.entity';
export * from './CustomerDeletion.entity';
export * from './CustomerTally.entity';
export * from './IdempotencyKey.entity';
export * from './MailMessage.entity';
export * from './Payment.entity';
export * from './RateLimitWindow.entity';
export * from './StaffAccount.entity';
export * from './Upload.entity';

/** Every entity, listed explicitly (no globbing), for the ORM and the CLI. */
export const entities = [Car, Customer, Booking, Payment, BlockedName, ContactMessage, AdminSession, AuditEntry, MailMessage, Upload, AppSetting, BookingTally, CustomerTally, RateLimitWindow, StaffAccount, IdempotencyKey, CustomerDeletion];
