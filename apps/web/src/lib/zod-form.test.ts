import { authMessages, changePasswordSchema } from '@lightpath/domain/auth';
import { customerCreateSchema } from '@lightpath/domain/customers';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { applyServerErrors, normaliseServerPath, serverErrorsToFormErrors, zodResolver } from './zod-form';

describe('zodResolver', () => {
  const validate = zodResolver(changePasswordSchema);

  it('returns no errors for valid values', () => {
    expect(
      validate({ currentpassword: 'old', password: 'a-long-password', confirmpassword: 'a-long-password' }),
    ).toEqual({});
  });

  it("puts the domain's messages on the fields they concern", () => {
    const errors = validate({ currentpassword: '', password: 'short', confirmpassword: 'different' });
    expect(errors.currentpassword).toBe('Current password is required');
    expect(errors.password).toBe('Password must be at least 10 characters');
  });

  it("says 'Passwords do not match' on the confirmation field", () => {
    const errors = validate({
      currentpassword: 'x',
      password: 'a-long-password',
      confirmpassword: 'another-one!',
    });
    expect(errors).toEqual({ confirmpassword: authMessages.passwordsDoNotMatch });
  });

  it('validates the mapped body, not the raw form values', () => {
    const toInput = vi.fn((v: { name: string; code: string }) => ({
      customername: v.name,
      customercode: v.code,
    }));
    const check = zodResolver(customerCreateSchema, toInput);
    expect(check({ name: 'University of Somewhere', code: 'us1' })).toEqual({});
    expect(check({ name: 'Uni', code: 'TOOLONG' })).toEqual({
      customercode: 'Customer code must be 3 letters or digits',
    });
    expect(toInput).toHaveBeenCalledTimes(2);
  });
});

describe('server errors', () => {
  it('normalises the path styles a server may use', () => {
    expect(normaliseServerPath('email')).toBe('email');
    expect(normaliseServerPath('/body/email')).toBe('email');
    expect(normaliseServerPath('body.address.street')).toBe('address.street');
    expect(normaliseServerPath('')).toBe('_form');
  });

  it('keeps the first message per field', () => {
    expect(
      serverErrorsToFormErrors([
        { path: 'email', message: 'first' },
        { path: 'email', message: 'second' },
      ]),
    ).toEqual({ email: 'first' });
  });

  it('applies field errors of a 400 and says whether there were any', () => {
    const form = { setErrors: vi.fn() };
    const withFields = new ApiError(400, 'Bad', { errors: [{ path: 'customercode', message: 'In use' }] });
    expect(applyServerErrors(form, withFields)).toBe(true);
    expect(form.setErrors).toHaveBeenCalledWith({ customercode: 'In use' });
    expect(applyServerErrors(form, new ApiError(409, 'Conflict'))).toBe(false);
    expect(applyServerErrors(form, new Error('x'))).toBe(false);
  });
});
