import { type ChameleonLevel, chameleonLevels, type UserType } from '@lightpath/domain/user-types';
import {
  chameleonFitsType,
  typeFitsCustomer,
  type User,
  type UserCreate,
  type UserUpdate,
  userMessages,
} from '@lightpath/domain/users';
import type { FormErrors } from '@mantine/form';
import { emptyToNull } from '../../lib/format';

// Inputs hold strings; these helpers turn them into the bodies userCreateSchema/userUpdateSchema expect,
// keeping field names so validation messages land on the right input.
export type UserFormValues = {
  firstname: string;
  surname: string;
  email: string;
  title: string;
  office: string;
  mobile: string;
  type: string;
  customerid: string;
  companyAdmin: boolean;
  chameleon: string;
  enabled: boolean;
  password: string;
};

export const chameleonLabels: Record<ChameleonLevel, string> = {
  0: 'Cannot switch customers',
  1: 'Any customer, any role',
  2: 'Customers, customer roles only',
};

export const chameleonChoices = chameleonLevels;

export function blankUserValues(defaults: Partial<UserFormValues> = {}): UserFormValues {
  return {
    firstname: '',
    surname: '',
    email: '',
    title: '',
    office: '',
    mobile: '',
    type: '',
    customerid: '',
    companyAdmin: false,
    chameleon: '0',
    enabled: true,
    password: '',
    ...defaults,
  };
}

export function valuesFromUser(user: User): UserFormValues {
  return blankUserValues({
    firstname: user.firstname,
    surname: user.surname,
    email: user.email,
    title: user.title ?? '',
    office: user.office ?? '',
    mobile: user.mobile ?? '',
    type: String(user.type),
    customerid: String(user.customerid),
    companyAdmin: user.companyAdmin,
    chameleon: String(user.chameleon),
    enabled: user.enabled,
  });
}

// Numbers from selects: an empty select becomes NaN, which the schema reports as a problem.
function numberOf(value: string): number {
  return value === '' ? Number.NaN : Number(value);
}

export function toUserCreate(values: UserFormValues, withChameleon: boolean): UserCreate {
  return {
    firstname: values.firstname.trim(),
    surname: values.surname.trim(),
    email: values.email.trim(),
    title: emptyToNull(values.title),
    office: emptyToNull(values.office),
    mobile: emptyToNull(values.mobile),
    type: numberOf(values.type) as UserType,
    customerid: numberOf(values.customerid),
    companyAdmin: values.companyAdmin,
    chameleon: (withChameleon ? numberOf(values.chameleon) : 0) as ChameleonLevel,
    ...(values.password ? { password: values.password } : {}),
  };
}

export type UserUpdateMode = { ownFieldsOnly: boolean; lockRole: boolean; withChameleon: boolean };

// Everything the edit form could send in this mode; `changedFields` then keeps only what changed.
export function toUserUpdate(values: UserFormValues, mode: UserUpdateMode): UserUpdate {
  const own: UserUpdate = {
    firstname: values.firstname.trim(),
    surname: values.surname.trim(),
    title: emptyToNull(values.title),
    office: emptyToNull(values.office),
    mobile: emptyToNull(values.mobile),
  };
  if (mode.ownFieldsOnly) return own;
  return {
    ...own,
    email: values.email.trim(),
    ...(mode.lockRole
      ? {}
      : {
          type: numberOf(values.type) as UserType,
          companyAdmin: values.companyAdmin,
          enabled: values.enabled,
          ...(mode.withChameleon ? { chameleon: numberOf(values.chameleon) as ChameleonLevel } : {}),
        }),
  };
}

// Rules that span fields and the customer list, which the schemas alone cannot see.
export function crossFieldProblems(
  values: UserFormValues,
  customerIsProvider: boolean | undefined,
  withChameleon: boolean,
): FormErrors {
  const errors: FormErrors = {};
  const type = Number(values.type) as UserType;
  if (values.type && customerIsProvider !== undefined && !typeFitsCustomer(type, customerIsProvider)) {
    errors.type = userMessages.typeCustomerMismatch;
  }
  if (withChameleon && values.type && !chameleonFitsType(Number(values.chameleon) as ChameleonLevel, type)) {
    errors.chameleon = userMessages.chameleonNotAllowed;
  }
  return errors;
}
