import {
  authMessages,
  type ChangePasswordInput,
  changePasswordSchema,
  passwordMinLength,
} from '@lightpath/domain/auth';
import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '../../../lib/notify';
import { meQueryKey } from '../../../lib/queries/get-me';
import { useSession } from '../../../lib/session';
import { clearToken, isRemembered, setToken } from '../../../lib/token-storage';
import { reportFormError, zodResolver } from '../../../lib/zod-form';
import { changePassword } from '../api/change-password';
import { login } from '../api/login';

type Props = { opened: boolean; onClose: () => void };

const emptyValues: ChangePasswordInput = { currentpassword: '', password: '', confirmpassword: '' };

export function ChangePasswordModal({ opened, onClose }: Props) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const form = useForm<ChangePasswordInput>({
    initialValues: emptyValues,
    validate: zodResolver(changePasswordSchema),
    validateInputOnBlur: ['confirmpassword'],
  });

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      await changePassword(values);
    } catch (error) {
      setBusy(false);
      reportFormError(form, error, authMessages.passwordChangeFailed);
      return;
    }
    // The server has revoked every session, this one included: sign straight back in with the new
    // password, keeping the user's 'Remember me' choice. Success is announced only once the new session
    // is stored, so nothing (a reload, a poll) can run on the revoked token after the message.
    const remember = isRemembered();
    try {
      const reply = await login({ email: user.email, password: values.password, remember });
      setToken(reply.token, remember);
      notify.success(authMessages.passwordUpdated);
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
      setBusy(false);
      close();
    } catch {
      setBusy(false);
      clearToken();
      queryClient.clear();
      notify.info(`${authMessages.passwordUpdated} Sign in again with the new password.`);
      navigate('/login', { replace: true });
    }
  });

  return (
    <Modal opened={opened} onClose={close} title="Change password" size="sm">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text fz="sm" c="dimmed">
            Changing your password signs you out everywhere else. This browser stays signed in.
          </Text>
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            required
            data-autofocus
            {...form.getInputProps('currentpassword')}
          />
          <PasswordInput
            label="New password"
            description={`At least ${passwordMinLength} characters`}
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            required
            {...form.getInputProps('confirmpassword')}
          />
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
