import { z } from 'zod';
import { text } from './api';

export const authMessages = {
  loginFailed: 'Login Failed',
  invalidCredentials: 'Invalid email or password',
  loggedOut: 'You have been logged out.',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordUpdated: 'User password updated!',
  passwordChangeFailed: 'An error occurred while changing passwords',
  wrongCurrentPassword: 'Current password is incorrect',
  resetRequested: 'If an account exists for that address, a reset link is on its way.',
  resetInvalid: 'This reset link is invalid or has expired.',
  resetDone: 'Your password has been reset. You can sign in now.',
  tooManyAttempts: (minutes: number) =>
    `Too many sign-in attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  sessionMissing: 'Sign in to continue.',
} as const;

export const passwordMinLength = 10;
export const passwordMaxLength = 200;

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'Email is too long')
  .pipe(z.email('Enter a valid email address'));

const passwordTooLong = `Password must be at most ${passwordMaxLength} characters`;

export const newPasswordSchema = z
  .string()
  .min(passwordMinLength, `Password must be at least ${passwordMinLength} characters`)
  .max(passwordMaxLength, passwordTooLong);

export const loginSchema = z.strictObject({
  email: emailSchema,
  password: z.string().min(1, 'Password is required').max(passwordMaxLength, passwordTooLong),
  remember: z.boolean().default(false),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const changePasswordSchema = z
  .strictObject({
    currentpassword: z
      .string()
      .min(1, 'Current password is required')
      .max(passwordMaxLength, passwordTooLong),
    password: newPasswordSchema,
    confirmpassword: z.string().max(passwordMaxLength, passwordTooLong),
  })
  .refine((v) => v.password === v.confirmpassword, {
    message: authMessages.passwordsDoNotMatch,
    path: ['confirmpassword'],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

// POST /api/login answers the session token and when it expires (unix seconds).
export const loginReplySchema = z.object({ token: z.string(), expiresat: z.number() });

export const passwordResetRequestSchema = z.strictObject({ email: emailSchema });

export const passwordResetSubmitSchema = z
  .strictObject({
    token: text(200).min(20, authMessages.resetInvalid),
    password: newPasswordSchema,
    confirmpassword: z.string().max(passwordMaxLength, passwordTooLong),
  })
  .refine((v) => v.password === v.confirmpassword, {
    message: authMessages.passwordsDoNotMatch,
    path: ['confirmpassword'],
  });

// Session lifetimes: a remembered sign-in lasts a month, a browser-session one a working day.
export const sessionHours = { remembered: 24 * 30, session: 12 } as const;
