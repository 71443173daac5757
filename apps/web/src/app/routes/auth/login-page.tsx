import { authMessages, type LoginInput, loginSchema } from '@lightpath/domain/auth';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, useSyncExternalStore } from 'react';
import { Link, type Location, Navigate, useLocation, useNavigate } from 'react-router';
import { login } from '../../../features/auth/api/login';
import { AuthLayout } from '../../../features/auth/components/auth-layout';
import { ApiError } from '../../../lib/api-client';
import { meQuery } from '../../../lib/queries/get-me';
import { getToken, setToken, subscribeToken } from '../../../lib/token-storage';
import { usePageTitle } from '../../../lib/use-page-title';
import { zodResolver } from '../../../lib/zod-form';

// Where to go after signing in: the page the guard bounced the user from, never back to /login.
export function returnPath(state: unknown): string {
  const from = (state as { from?: Partial<Location> } | null)?.from;
  if (!from?.pathname || from.pathname.startsWith('/login') || from.pathname.startsWith('/passwordreset'))
    return '/';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

export function LoginPage() {
  usePageTitle('Sign in');
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const token = useSyncExternalStore(subscribeToken, getToken, () => null);
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const form = useForm<LoginInput>({
    initialValues: { email: '', password: '', remember: false },
    validate: zodResolver(loginSchema),
  });

  if (token && !submitting) return <Navigate to={returnPath(location.state)} replace />;

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    setSubmitting(true);
    try {
      const parsed = loginSchema.parse(values);
      const reply = await login(parsed);
      setToken(reply.token, parsed.remember);
      // Spec 4: store the token, then load the profile; the guard shows the overlay if it is slow.
      await queryClient.fetchQuery(meQuery).catch(() => undefined);
      navigate(returnPath(location.state), { replace: true });
    } catch (error) {
      setFailure(error instanceof ApiError && error.fromServer ? error.message : authMessages.loginFailed);
      setSubmitting(false);
    }
  });

  return (
    <AuthLayout>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={2} fz={26}>
            Sign in
          </Title>
          <Text c="dimmed" fz="sm">
            Use the email address your organisation registered with us.
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
              autoComplete="username"
              placeholder="you@institution.edu"
              required
              data-autofocus
              autoFocus
              {...form.getInputProps('email')}
            />
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              required
              {...form.getInputProps('password')}
            />
            <Group justify="space-between">
              <Checkbox label="Remember me" {...form.getInputProps('remember', { type: 'checkbox' })} />
              <Anchor component={Link} to="/passwordreset" fz="sm">
                Forgot password?
              </Anchor>
            </Group>
            <Button type="submit" fullWidth size="md" loading={submitting}>
              Sign in
            </Button>
          </Stack>
        </form>
      </Stack>
    </AuthLayout>
  );
}
