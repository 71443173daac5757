import { type UserType, userTypeNames } from '@lightpath/domain/user-types';
import { assignableUserTypes, type User, userMessages, userUpdateSchema } from '@lightpath/domain/users';
import { Button, Group, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo } from 'react';
import { changedFields } from '../../../lib/changed-fields';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useFormFollowsRecord } from '../../../lib/use-form-follows-record';
import { saveFormCallbacks, zodResolver } from '../../../lib/zod-form';
import { useUpdateUser } from '../api/update-user';
import {
  chameleonChoices,
  chameleonLabels,
  crossFieldProblems,
  toUserUpdate,
  type UserFormValues,
  type UserUpdateMode,
  valuesFromUser,
} from '../user-form-values';

type Props = {
  user: User;
  // 'own': only the profile fields any user may change about themselves; 'full': a manager's edit.
  scope: 'own' | 'full';
  customerIsProvider?: boolean;
};

export function UserEditForm({ user, scope, customerIsProvider }: Props) {
  const { actor } = useSession();
  const updateUser = useUpdateUser(user.userid);
  const self = user.userid === actor.userId;
  // Nobody edits their own role, admin flag or enabled state: one slip would lock them out.
  const ownFieldsOnly = scope === 'own';
  const withChameleon = actor.type === 1;
  const mode = useMemo<UserUpdateMode>(
    () => ({ ownFieldsOnly, lockRole: self, withChameleon }),
    [ownFieldsOnly, self, withChameleon],
  );
  const schemaCheck = useMemo(
    () => zodResolver(userUpdateSchema, (v: UserFormValues) => toUserUpdate(v, mode)),
    [mode],
  );
  const form = useForm<UserFormValues>({
    initialValues: valuesFromUser(user),
    validate: (values) => ({
      ...(scope === 'full' && !self
        ? crossFieldProblems(values, customerIsProvider, mode.withChameleon)
        : {}),
      ...schemaCheck(values),
    }),
  });

  // Fresh data from the server replaces the form's contents, never over unsaved edits.
  useFormFollowsRecord(form, user, valuesFromUser);

  const types = assignableUserTypes(actor);
  const typeOptions = (types.includes(user.type) ? types : [user.type, ...types]).map((t: UserType) => ({
    value: String(t),
    label: `${t} · ${userTypeNames[t]}`,
  }));

  const submit = form.onSubmit((values) => {
    const body = changedFields(toUserUpdate(values, mode), toUserUpdate(valuesFromUser(user), mode));
    if (Object.keys(body).length === 0) {
      notify.info('No changes to save');
      return;
    }
    updateUser.mutate(
      body,
      saveFormCallbacks(form, values, {
        saved: userMessages.updated,
        failed: 'An error occurred while updating this user',
      }),
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="First name" required {...form.getInputProps('firstname')} />
          <TextInput label="Surname" required {...form.getInputProps('surname')} />
        </SimpleGrid>
        {scope === 'full' && (
          <TextInput label="Email" type="email" required {...form.getInputProps('email')} />
        )}
        <TextInput label="Job title" {...form.getInputProps('title')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Office phone" type="tel" {...form.getInputProps('office')} />
          <TextInput label="Mobile" type="tel" {...form.getInputProps('mobile')} />
        </SimpleGrid>
        {scope === 'full' && (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label="User type"
                allowDeselect={false}
                disabled={self}
                description={self ? 'You cannot change your own role' : undefined}
                data={typeOptions}
                {...form.getInputProps('type')}
              />
              {mode.withChameleon && (
                <Select
                  label="Switch customer"
                  allowDeselect={false}
                  disabled={self}
                  data={chameleonChoices.map((c) => ({ value: String(c), label: chameleonLabels[c] }))}
                  {...form.getInputProps('chameleon')}
                />
              )}
            </SimpleGrid>
            <Group gap="xl">
              <Switch
                label="Company admin"
                disabled={self}
                {...form.getInputProps('companyAdmin', { type: 'checkbox' })}
              />
              <Switch
                label="Account enabled"
                disabled={self}
                {...form.getInputProps('enabled', { type: 'checkbox' })}
              />
            </Group>
          </>
        )}
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() => form.reset()}
            disabled={!form.isDirty() || updateUser.isPending}
          >
            Discard changes
          </Button>
          <Button type="submit" loading={updateUser.isPending}>
            Save changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
