import {
  authMessages,
  passwordMinLength,
  passwordResetRequestSchema,
  passwordResetSubmitSchema,
} from '@lightpath/domain/auth';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconArrowLeft, IconCircleCheck, IconMailForward } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { requestPasswordReset, submitPasswordReset } from '../../../features/auth/api/password-reset';
import { AuthLayout } from '../../../features/auth/components/auth-layout';
import { errorMessage } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/use-page-title';
import { applyServerErrors, zodResolver } from '../../../lib/zod-form';

// The reset token travels in the URL fragment (#token=...), which browsers never send to a server, so
// it cannot end up in access logs or Referer headers.
export function tokenFromHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token?.trim() ? token.trim() : null;
}

export function PasswordResetPage() {
  usePageTitle('Reset password');
  const location = useLocation();
  const navigate = useNavigate();
  // Taken from the fragment (on load, or when a link is opened in this tab later), then dropped from
  // the address bar so it does not linger in history.
  const [token, setResetToken] = useState(() => tokenFromHash(location.hash));
  useEffect(() => {
    if (!location.hash) return;
    const fromHash = tokenFromHash(location.hash);
    if (fromHash) setResetToken(fromHash);
    navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, [location.hash, location.pathname, location.search, navigate]);

  return (
    <AuthLayout>
      {token ? <ChooseNewPassword key={token} token={token} /> : <RequestReset />}
      <Anchor
        component={Link}
        to="/login"
        fz="sm"
        mt="lg"
        display="inline-flex"
        style={{ alignItems: 'center', gap: 4 }}
      >
        <IconArrowLeft size={14} aria-hidden="true" /> Back to sign in
      </Anchor>
    </AuthLayout>
  );
}

function RequestReset() {
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({ initialValues: { email: '' }, validate: zodResolver(passwordResetRequestSchema) });

  const submit = form.onSubmit(async ({ email }) => {
    setFailure(null);
    setBusy(true);
    try {
      const message = await requestPasswordReset(email.trim());
      setSent(message ?? authMessages.resetRequested);
    } catch (error) {
      if (!applyServerErrors(form, error))
        setFailure(errorMessage(error, 'The reset request could not be sent.'));
    } finally {
      setBusy(false);
    }
  });

  if (sent) {
    return (
      <Stack gap="md">
        <Title order={2} fz={26}>
          Check your email
        </Title>
        <Alert color="teal" variant="light" icon={<IconMailForward size={18} />} role="status">
          {sent}
        </Alert>
        <Text c="dimmed" fz="sm">
          The link is valid for a limited time. If nothing arrives, check your spam folder or contact the NOC.
        </Text>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2} fz={26}>
          Reset your password
        </Title>
        <Text c="dimmed" fz="sm">
          Enter your email address and we will send you a link to choose a new password.
        </Text>
      </Stack>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {failure && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle size={18} />}
              role="alert"
              title={failure}
            />
          )}
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            autoFocus
            {...form.getInputProps('email')}
          />
          <Button type="submit" fullWidth loading={busy}>
            Send reset link
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}

function ChooseNewPassword({ token }: { token: string }) {
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { password: '', confirmpassword: '' },
    validate: zodResolver(
      passwordResetSubmitSchema,
      (values: { password: string; confirmpassword: string }) => ({
        ...values,
        token,
      }),
    ),
  });

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    setBusy(true);
    try {
      const message = await submitPasswordReset({ token, ...values });
      setDone(message ?? authMessages.resetDone);
    } catch (error) {
      if (!applyServerErrors(form, error)) setFailure(errorMessage(error, authMessages.resetInvalid));
    } finally {
      setBusy(false);
    }
  });

  if (done) {
    return (
      <Stack gap="md">
        <Title order={2} fz={26}>
          Password changed
        </Title>
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} role="status">
          {done}
        </Alert>
        <Button component={Link} to="/login" fullWidth>
          Sign in
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2} fz={26}>
          Choose a new password
        </Title>
        <Text c="dimmed" fz="sm">
          At least {passwordMinLength} characters. A short sentence is easier to remember than a jumble of
          symbols.
        </Text>
      </Stack>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {(failure ?? form.errors.token) && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle size={18} />}
              role="alert"
              title={failure ?? form.errors.token}
            />
          )}
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            required
            autoFocus
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            required
            {...form.getInputProps('confirmpassword')}
          />
          <Button type="submit" fullWidth loading={busy}>
            Set new password
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
