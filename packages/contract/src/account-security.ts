import { z } from 'zod';
import { dateOfBirthSchema, emailListSchema, personNameInputSchema } from './admin-fields.ts';
import { nonNegativeInt32, idSchema, text } from './fields.ts';
import { nameInformationSchema } from './person.ts';

/** 2FA, password change and reset, IP allow-list, profile. Form fields as spec §7. */

/** POST /oauth/2fa → the challenge that binds the second step to a verified password (5 minutes). */
export const twofaChallengeResponseSchema = z.object({ data: z.object({ twofa_uuid: z.string() }) });

/** POST /api/auth/passwordreset (form): forced change at login and the change in account settings. */
export const passwordChangeFormSchema = z.object({
  account_id: idSchema,
  current_password: text().max(1024),
  password: text().max(1024),
  password_confirmation: text().max(1024),
  /** The account's current TOTP code: required in the settings change when 2FA is on (step-up). */
  totp: text().max(16).optional(),
});

/**
 * Step-up for account-changing actions (security.md "Step-up"): the current password, plus the
 * current TOTP code when the account has 2FA on. The same names as the password change form.
 */
export const stepUpSchema = z.object({
  current_password: text().max(1024),
  totp: text().max(16).optional(),
});
export type StepUp = z.infer<typeof stepUpSchema>;

/** POST /api/account/not-me: the token of the "dit was ik niet" link in the e-mail-change notice. */
export const notMeBodySchema = z.strictObject({ token: text().min(1).max(200) });

/** POST /api/auth/forgotpassword (form) → always the same { message }. */
export const forgotPasswordFormSchema = z.object({ email: text().max(320) });
/**
 * The forgotten-password page's field: a plausible address before anything is sent. The endpoint
 * itself stays lenient (it answers the same for every address, so it reveals nothing).
 */
export const forgotPasswordEmailFormSchema = z.object({
  email: text()
    .trim()
    .max(320)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Vul een geldig e-mailadres in.'),
});
export const messageResponseSchema = z.object({ message: z.string() });

/** POST /api/auth/resetforgotpassword (form). */
export const resetForgottenPasswordFormSchema = z.object({
  token: text().max(200),
  password: text().max(1024),
  password_confirmation: text().max(1024),
});

export const twofaStatusSchema = z.object({ Enabled: z.boolean() });
export const twofaEnrolmentSchema = z.object({
  Secret: z.string(),
  OtpauthUrl: z.string(),
  QrCode: z.string(),
});
export const totpCodeSchema = z.object({
  totp: text().regex(/^\d{6}$/, 'Vul de 6 cijfers van de code in.'),
});
/** The 2FA step of the login: spaces typed between the digits do not count. */
/** POST and DELETE /api/account/2fa: the code plus the current password (step-up). */
export const twofaChangeSchema = totpCodeSchema.extend({
  current_password: stepUpSchema.shape.current_password,
});
export const totpCodeFormSchema = z.object({
  totp: z.preprocess((value) => String(value ?? '').replace(/\s+/g, ''), totpCodeSchema.shape.totp),
});

export const currentIpSchema = z.object({ Ip: z.string() });
export const ipAllowEntrySchema = z.object({
  Id: z.number().int(),
  Ip: z.string(),
  ProductId: z.number().int(),
  Description: z.string().nullable(),
  CreatedAt: z.string(),
});
export type IpAllowEntry = z.infer<typeof ipAllowEntrySchema>;
export const newIpAllowEntrySchema = z.object({
  Ip: text().min(1).max(64),
  ProductId: nonNegativeInt32,
  Description: text().max(200).nullable().optional(),
  ...stepUpSchema.shape,
});

/** The caller's own profile (ours): GET/PUT /api/account/profile, PUT /api/account/profile/avatar. */
export const profileSchema = z.object({
  PersonId: z.number().int(),
  NameInformation: nameInformationSchema,
  DateOfBirth: z.string().nullable(),
  EmailAddress: z.array(z.string()),
  Avatar: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;
/**
 * PUT /api/account/profile: the same name and date checks (and Dutch messages) as the person form.
 * Strict: `Roles`, `EntityId`, `Username` or any other unknown field is a 400 naming it. A change of
 * the e-mail addresses needs the step-up fields; other changes do not.
 */
export const profileUpdateSchema = z.strictObject({
  NameInformation: personNameInputSchema,
  DateOfBirth: dateOfBirthSchema.nullable(),
  EmailAddress: emailListSchema,
  current_password: stepUpSchema.shape.current_password.optional(),
  totp: stepUpSchema.shape.totp,
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
/** Avatars are resized to at most 256 px by the client and checked again by the server. */
export const AVATAR_MAX_PX = 256;
export const AVATAR_MAX_BYTES = 300_000;
export const avatarUploadSchema = z.object({
  Avatar: z.string().regex(/^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]+$/),
});
/** GET /api/person/avatar/{id} (spec §7: "the response data is used"). */
export const avatarResponseSchema = z.object({ data: z.string().nullable() });
