import { describe, expect, it } from 'vitest';
import {
  authMessages,
  changePasswordSchema,
  emailSchema,
  loginSchema,
  passwordResetRequestSchema,
  passwordResetSubmitSchema,
} from './auth';

const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((i) => ({ path: i.path.join('.'), message: i.message }));

const good = 'correct horse battery';
const token = 'a'.repeat(43);

describe('loginSchema', () => {
  it('trims and lower-cases the email; remember defaults to false', () => {
    expect(loginSchema.parse({ email: '  NOC@Meridian.Example ', password: 'lightpath-demo' })).toEqual({
      email: 'noc@meridian.example',
      password: 'lightpath-demo',
      remember: false,
    });
  });

  it('keeps remember when given', () => {
    expect(
      loginSchema.parse({ email: 'user@northgate.example', password: 'x', remember: true }).remember,
    ).toBe(true);
  });

  it('refuses unknown keys', () => {
    const result = loginSchema.safeParse({ email: 'noc@meridian.example', password: 'x', type: 1 });
    expect(result.success).toBe(false);
  });

  it.each([
    [{ email: 'not an email', password: 'x' }, 'email', 'Enter a valid email address'],
    [{ email: 'noc@meridian.example', password: '' }, 'password', 'Password is required'],
  ])('refuses %j', (input, path, message) => {
    expect(issues(loginSchema.safeParse(input))).toEqual([{ path, message }]);
  });

  it('does not trim or change the password', () => {
    expect(loginSchema.parse({ email: 'noc@meridian.example', password: ' Pass ' }).password).toBe(' Pass ');
  });

  it('refuses a non-boolean remember', () => {
    expect(
      loginSchema.safeParse({ email: 'noc@meridian.example', password: 'x', remember: 'yes' }).success,
    ).toBe(false);
  });
});

describe('emailSchema', () => {
  it.each([
    ['Admin@Northgate.Example', 'admin@northgate.example'],
    ['\tuser@northgate.example\n', 'user@northgate.example'],
  ])('%j becomes %s', (input, output) => {
    expect(emailSchema.parse(input)).toBe(output);
  });

  it.each(['', 'plainaddress', 'a@', '@northgate.example', 'a b@northgate.example'])(
    'refuses %j',
    (input) => {
      expect(emailSchema.safeParse(input).success).toBe(false);
    },
  );

  it('refuses an address longer than 254 characters', () => {
    const long = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.example`;
    expect(long.length).toBeGreaterThan(254);
    expect(emailSchema.safeParse(long).success).toBe(false);
  });
});

describe('changePasswordSchema', () => {
  it('accepts matching passwords', () => {
    const input = { currentpassword: 'lightpath-demo', password: good, confirmpassword: good };
    expect(changePasswordSchema.parse(input)).toEqual(input);
  });

  it("a mismatch is 'Passwords do not match' on confirmpassword", () => {
    const result = changePasswordSchema.safeParse({
      currentpassword: 'lightpath-demo',
      password: good,
      confirmpassword: `${good}!`,
    });
    expect(issues(result)).toEqual([{ path: 'confirmpassword', message: 'Passwords do not match' }]);
  });

  it('the current password is required', () => {
    const result = changePasswordSchema.safeParse({
      currentpassword: '',
      password: good,
      confirmpassword: good,
    });
    expect(issues(result)).toEqual([{ path: 'currentpassword', message: 'Current password is required' }]);
  });

  it.each([
    [9, false],
    [10, true],
    [200, true],
    [201, false],
  ])('a new password of %i characters: accepted %s', (length, accepted) => {
    const password = 'p'.repeat(length);
    const result = changePasswordSchema.safeParse({
      currentpassword: 'old',
      password,
      confirmpassword: password,
    });
    expect(result.success).toBe(accepted);
  });

  it('too short or too long says so', () => {
    const short = 'p'.repeat(9);
    const long = 'p'.repeat(201);
    expect(
      issues(
        changePasswordSchema.safeParse({ currentpassword: 'old', password: short, confirmpassword: short }),
      ),
    ).toEqual([{ path: 'password', message: 'Password must be at least 10 characters' }]);
    expect(
      issues(
        changePasswordSchema.safeParse({ currentpassword: 'old', password: long, confirmpassword: long }),
      ),
    ).toContainEqual({ path: 'password', message: 'Password must be at most 200 characters' });
  });

  it('refuses unknown keys', () => {
    expect(
      changePasswordSchema.safeParse({
        currentpassword: 'old',
        password: good,
        confirmpassword: good,
        userid: 1,
      }).success,
    ).toBe(false);
  });
});

describe('passwordResetRequestSchema', () => {
  it('normalises the email and refuses other keys', () => {
    expect(passwordResetRequestSchema.parse({ email: ' Tech@Meridian.Example ' })).toEqual({
      email: 'tech@meridian.example',
    });
    expect(passwordResetRequestSchema.safeParse({ email: 'tech@meridian.example', type: 1 }).success).toBe(
      false,
    );
  });
});

describe('passwordResetSubmitSchema', () => {
  it('accepts a token and matching passwords', () => {
    const input = { token, password: good, confirmpassword: good };
    expect(passwordResetSubmitSchema.parse(input)).toEqual(input);
  });

  it("a mismatch is 'Passwords do not match' on confirmpassword", () => {
    const result = passwordResetSubmitSchema.safeParse({
      token,
      password: good,
      confirmpassword: 'something else',
    });
    expect(issues(result)).toEqual([{ path: 'confirmpassword', message: 'Passwords do not match' }]);
  });

  it('a short token is an invalid link', () => {
    const result = passwordResetSubmitSchema.safeParse({
      token: 'short',
      password: good,
      confirmpassword: good,
    });
    expect(issues(result)).toEqual([
      { path: 'token', message: 'This reset link is invalid or has expired.' },
    ]);
  });

  it.each([
    [9, false],
    [10, true],
    [200, true],
    [201, false],
  ])('a new password of %i characters: accepted %s', (length, accepted) => {
    const password = 'p'.repeat(length);
    expect(passwordResetSubmitSchema.safeParse({ token, password, confirmpassword: password }).success).toBe(
      accepted,
    );
  });
});

describe('authMessages', () => {
  it('tooManyAttempts names the minutes', () => {
    expect(authMessages.tooManyAttempts(15)).toBe('Too many sign-in attempts. Try again in 15 minutes.');
    expect(authMessages.tooManyAttempts(5)).toBe('Too many sign-in attempts. Try again in 5 minutes.');
  });

  it('uses the spec wordings', () => {
    expect(authMessages.loginFailed).toBe('Login Failed');
    expect(authMessages.loggedOut).toBe('You have been logged out.');
    expect(authMessages.passwordsDoNotMatch).toBe('Passwords do not match');
    expect(authMessages.passwordUpdated).toBe('User password updated!');
    expect(authMessages.passwordChangeFailed).toBe('An error occurred while changing passwords');
  });
});
