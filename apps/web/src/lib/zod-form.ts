import type { FieldError } from '@lightpath/domain/api';
import type { FormErrors } from '@mantine/form';
import type { z } from 'zod';
import { ApiError, errorMessage, needsToast } from './api-client';
import { notify } from './notify';

type Issue = { path: readonly PropertyKey[]; message: string };

// Key for problems that belong to no single field (e.g. a cross-field rule without a path).
export const formLevelKey = '_form';

function pathKey(path: readonly PropertyKey[]): string {
  return path.length === 0 ? formLevelKey : path.map(String).join('.');
}

// The first problem per field wins, the same one the server puts in `message`.
export function issuesToFormErrors(issues: readonly Issue[]): FormErrors {
  const errors: FormErrors = {};
  for (const issue of issues) {
    const key = pathKey(issue.path);
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

// A @mantine/form `validate` function backed by a domain schema, so the form says exactly what the server
// would. `toInput` maps form values (strings from inputs) to the body the schema and the server expect;
// it must keep field names, so each message lands on the input it is about.
export function zodResolver<Values, Input = Values>(schema: z.ZodType, toInput?: (values: Values) => Input) {
  return (values: Values): FormErrors => {
    const parsed = schema.safeParse(toInput ? toInput(values) : values);
    return parsed.success ? {} : issuesToFormErrors(parsed.error.issues);
  };
}

// Server paths may come as 'email', 'body.email' or '/email'; forms use dotted field names.
export function normaliseServerPath(path: string): string {
  const dotted = path
    .replace(/^\/+/, '')
    .replace(/\//g, '.')
    .replace(/^body\./, '');
  return dotted === '' ? formLevelKey : dotted;
}

export function serverErrorsToFormErrors(errors: readonly FieldError[]): FormErrors {
  const result: FormErrors = {};
  for (const error of errors) {
    const key = normaliseServerPath(error.path);
    if (!(key in result)) result[key] = error.message;
  }
  return result;
}

// Puts a 400's field errors on the form. Returns false when there were none to show, so the caller
// falls back to a toast.
// `fieldOf` names the form field for a request field the form spells differently (a time sent as
// one number but entered as a date and a time), so no server message lands on a field nobody sees.
export function applyServerErrors(
  form: { setErrors: (errors: FormErrors) => void },
  error: unknown,
  fieldOf: Record<string, string> = {},
): boolean {
  if (!(error instanceof ApiError) || error.errors.length === 0) return false;
  const errors: FormErrors = {};
  for (const [key, message] of Object.entries(serverErrorsToFormErrors(error.errors)))
    errors[fieldOf[key] ?? key] ??= message;
  form.setErrors(errors);
  return true;
}

// What every form does with a failed save: field errors go on their fields; anything else becomes a
// warning toast with the server's message or the form's own fallback (unless the API client already
// told the user, as it does for 401 and 403).
export function reportFormError(
  form: { setErrors: (errors: FormErrors) => void },
  error: unknown,
  fallback: string,
  fieldOf: Record<string, string> = {},
) {
  if (!applyServerErrors(form, error, fieldOf) && needsToast(error))
    notify.warning(errorMessage(error, fallback));
}

type SavableForm<Values> = {
  setErrors: (errors: FormErrors) => void;
  setInitialValues: (values: Values) => void;
  resetDirty: (values?: Values) => void;
};

// The callbacks of an edit form's save: the saved values become the new baseline (so the form is no
// longer dirty) and a success toast; a failure goes through reportFormError.
export function saveFormCallbacks<Values>(
  form: SavableForm<Values>,
  values: Values,
  messages: { saved: string; failed: string },
) {
  return {
    onSuccess: () => {
      form.setInitialValues(values);
      form.resetDirty(values);
      notify.success(messages.saved);
    },
    onError: (error: unknown) => reportFormError(form, error, messages.failed),
  };
}

// A wizard's preflight or save that failed: the server's field problems go on the first step's
// fields, and the message is a warning toast as well, since the user may be on a later step.
// `fieldOf` names the form field for a request path; `offForm` takes the problems of a field kept
// outside the form (the access wizard's site picker).
export function reportWizardFailure(
  form: { setErrors: (errors: FormErrors) => void },
  error: unknown,
  fallback: string,
  fieldOf: (path: string) => string,
  offForm: Record<string, (message: string) => void> = {},
) {
  if (error instanceof ApiError && error.errors.length > 0) {
    const errors: FormErrors = {};
    for (const [path, message] of Object.entries(serverErrorsToFormErrors(error.errors))) {
      const field = fieldOf(path);
      const elsewhere = offForm[field];
      if (elsewhere) elsewhere(String(message));
      else errors[field] ??= message;
    }
    form.setErrors(errors);
  }
  if (needsToast(error)) notify.warning(errorMessage(error, fallback));
}
