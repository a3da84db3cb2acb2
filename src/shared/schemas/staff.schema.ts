import { z } from 'zod';
import { messages } from '../messages';
import { ZEmailSchema, ZIdSchema, ZTimestampSchema, requiredText, whenAbsent } from './common.schema';

const v = messages.validation;

/**
 * Who may do what: staff run the fleet, bookings, payments, customers and the blocklist; the owner
 * also deletes customers and cars and manages the staff accounts.
 */
export const STAFF_ROLES = ['owner', 'staff'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The shortest password a staff member may choose in the dashboard. */
export const PASSWORD_MIN_LENGTH = 10;

export const ZNewPasswordSchema = z
  .string({ error: () => v.newPassword({ min: PASSWORD_MIN_LENGTH }) })
  .min(PASSWORD_MIN_LENGTH, { error: () => v.newPassword({ min: PASSWORD_MIN_LENGTH }) })
  .max(1024, { error: () => v.tooLong({ max: 1024 }) });

const ZCurrentPasswordSchema = z.string({ error: whenAbsent(() => v.password) }).min(1, { error: () => v.password }).max(1024);

/** A 6-digit code from an authenticator app (spaces allowed), or a recovery code such as `k7qx-m2pd-9fth`. */
export const ZSecondFactorCodeSchema = z
  .string({ error: () => v.code })
  .trim()
  .min(6, { error: () => v.code })
  .max(32, { error: () => v.code })
  .regex(/^[0-9a-zA-Z -]+$/, { error: () => v.code });

export const ZStaffRoleSchema = z.enum(STAFF_ROLES, { error: () => v.staffRole });

export const ZCreateStaffSchema = z.object({
  name: requiredText(() => v.staffName, 80),
  email: ZEmailSchema,
  role: ZStaffRoleSchema,
});
export type TCreateStaff = z.infer<typeof ZCreateStaffSchema>;

export const ZUpdateStaffSchema = ZCreateStaffSchema.partial();
export type TUpdateStaff = z.infer<typeof ZUpdateStaffSchema>;

export const STAFF_STATUSES = ['active', 'invited', 'disabled'] as const;

/** A staff account as the owner's Staff tab lists it. */
export const ZStaffAccountSchema = z.object({
  id: ZIdSchema,
  name: z.string(),
  email: z.string(),
  role: ZStaffRoleSchema,
  status: z.enum(STAFF_STATUSES).describe('invited: no password chosen yet (the link has not been used)'),
  mainOwner: z.boolean().describe('The main owner: the account the server itself makes and keeps from its settings'),
  twoFactor: z.boolean(),
  activeSessions: z.number().int(),
  lastSignInAt: ZTimestampSchema.nullable(),
  createdAt: ZTimestampSchema,
});
export type TStaffAccount = z.infer<typeof ZStaffAccountSchema>;

/** A one-time link that lets a staff member choose a password. */
export const ZPasswordLinkSchema = z.object({
  url: z.string().describe('Open once to choose a password; give it to the staff member'),
  expiresAt: ZTimestampSchema,
});
export type TPasswordLink = z.infer<typeof ZPasswordLinkSchema>;

export const ZStaffWithLinkSchema = z.object({ account: ZStaffAccountSchema, link: ZPasswordLinkSchema });

/**
 * A changed account. A new e-mail address for an account still waiting for its password spends the
 * link given for the earlier address (it may have gone to the wrong person) and answers a new one.
 */
export const ZUpdatedStaffSchema = ZStaffAccountSchema.extend({
  link: ZPasswordLinkSchema.optional().describe('Only when the e-mail address of an account without a password changed: its earlier one-time link no longer works; give this one instead'),
});
export type TUpdatedStaff = z.infer<typeof ZUpdatedStaffSchema>;

/** The signed-in account, as the dashboard shows it. */
export const ZOwnAccountSchema = z.object({
  id: ZIdSchema,
  name: z.string(),
  email: z.string(),
  role: ZStaffRoleSchema,
  twoFactor: z.boolean(),
  twoFactorRequired: z.boolean().describe('OWNER_REQUIRE_2FA is on and this is an owner: two-step sign-in cannot be turned off'),
  twoFactorSetupRequired: z.boolean().describe('OWNER_REQUIRE_2FA is on and this owner has not set up two-step sign-in: nothing else is open until it does'),
});
export type TOwnAccount = z.infer<typeof ZOwnAccountSchema>;

export const ZChangePasswordSchema = z.object({ currentPassword: ZCurrentPasswordSchema, newPassword: ZNewPasswordSchema });
export type TChangePassword = z.infer<typeof ZChangePasswordSchema>;

export const ZConfirmPasswordSchema = z.object({ password: ZCurrentPasswordSchema });

export const ZPasswordLinkTokenSchema = z.object({ token: z.string().min(20).max(200) });
export const ZSetPasswordSchema = ZPasswordLinkTokenSchema.extend({ password: ZNewPasswordSchema });
export type TSetPassword = z.infer<typeof ZSetPasswordSchema>;
export const ZPasswordLinkAccountSchema = z.object({ name: z.string(), email: z.string() });

/** One sign-in of the account: where and in what it was made, and when it was last used. */
export const ZStaffSessionSchema = z.object({
  id: ZIdSchema,
  browser: z.string().describe('e.g. "Chrome 142 on Windows"'),
  address: z.string().nullable(),
  signedInAt: ZTimestampSchema,
  lastSeenAt: ZTimestampSchema,
  current: z.boolean().describe('The session making this request'),
});
export type TStaffSession = z.infer<typeof ZStaffSessionSchema>;

/** What an authenticator app needs: the secret, as text and as an otpauth:// address (also drawn as a QR code). */
export const ZTwoFactorSetupSchema = z.object({
  secret: z.string().describe('Base32, for typing into the app'),
  uri: z.string().describe('otpauth://totp/... (RFC 6238: SHA-1, 6 digits, 30 seconds)'),
  qrSvg: z.string().describe('The uri as a QR code, an SVG image'),
});
export type TTwoFactorSetup = z.infer<typeof ZTwoFactorSetupSchema>;

/** Turning two-step sign-in on: the app's current code, and the password (a session alone cannot enrol a second factor). */
export const ZTwoFactorConfirmSchema = z.object({ code: ZSecondFactorCodeSchema, password: ZCurrentPasswordSchema });
export type TTwoFactorConfirm = z.infer<typeof ZTwoFactorConfirmSchema>;

export const ZRecoveryCodesSchema = z.object({
  recoveryCodes: z.array(z.string()).describe('Each signs in once instead of a code; shown only now'),
});
export type TRecoveryCodes = z.infer<typeof ZRecoveryCodesSchema>;
