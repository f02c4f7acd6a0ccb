import { z } from 'zod';
import { OtpSchema } from './auth';

// New devices and the device list (docs/auth.md, "New devices" and "Devices and sessions"): one schema per shape,
// read by the login page and Account settings and written by src/server/routes/admin-auth-devices.ts.

export const DEVICE_APPROVAL_MESSAGES = {
  /** The login reply for a correct password from a browser the account does not trust yet (202). */
  required:
    'Please check your e-mail: a sign-in code is on its way to the admin address. Enter it here, in this browser, within 15 minutes.',
  resent: 'A new code is on its way. Only the newest code works.',
  wrongCode: 'That code is not right. Please check the e-mail and try again.',
  tooManyWrong: 'That code was entered wrongly too often. Please sign in again for a new one.',
  expired: 'This sign-in has expired or was already used. Please sign in again with your password.',
  approved: 'This browser is approved. Welcome back.',
  signedOutEverywhere: 'Signed out everywhere. Every browser now needs your password and an e-mailed code.',
} as const;

/** The code from the approval mail (the link carries the same code). */
export const ApproveDeviceSchema = z.strictObject({ code: OtpSchema });
export type ApproveDeviceInput = z.output<typeof ApproveDeviceSchema>;

/** POST /login with a correct password from an untrusted browser: 202, and no token. */
export const ApprovalRequiredReplySchema = z.object({
  success: z.literal(false),
  verificationRequired: z.literal(true),
  message: z.string(),
});
export type ApprovalRequiredReply = z.output<typeof ApprovalRequiredReplySchema>;

export const DeviceSummarySchema = z.object({
  id: z.string(),
  /** "Chrome on Android": from the User-Agent only. */
  browser: z.string(),
  firstSeen: z.iso.datetime(),
  lastSeen: z.iso.datetime(),
  /** The browser asking. */
  current: z.boolean(),
});
export type DeviceSummary = z.output<typeof DeviceSummarySchema>;

export const DeviceListReplySchema = z.object({ success: z.literal(true), data: z.array(DeviceSummarySchema) });
