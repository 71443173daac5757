import { can } from '@lightpath/domain/permissions';
import { type SignInLock, signInLockMessages } from '@lightpath/domain/sign-in-throttling';
import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconLockOpen } from '@tabler/icons-react';
import { LoadError } from '../../../components/load-error';
import { Panel } from '../../../components/panel';
import { errorMessage, needsToast } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useClearSignInLock } from '../api/clear-sign-in-lock';
import { useSignInLock } from '../api/get-sign-in-lock';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

// The NOC's view of a user's sign-in throttling (docs/decisions/014): whether browsers new to the
// account are refused, why, and a way to lift it. Nobody else sees this panel.
export function SignInLockPanel({ userid, firstname }: { userid: number; firstname: string }) {
  const { actor } = useSession();
  const allowed = can(actor, 'users.signinlock');
  const query = useSignInLock(userid, allowed);
  const clear = useClearSignInLock(userid);

  if (!allowed) return null;

  const clearLock = () =>
    clear.mutate(undefined, {
      onSuccess: () => notify.success(signInLockMessages.cleared),
      onError: (error) => {
        if (needsToast(error)) notify.warning(errorMessage(error, signInLockMessages.clearFailed));
      },
    });

  return (
    <Panel title="Sign-in lock">
      {query.isPending ? (
        <Skeleton h={64} radius="md" aria-label="Loading sign-in lock" />
      ) : query.isError ? (
        <LoadError error={query.error} what="the sign-in lock" onRetry={() => query.refetch()} />
      ) : (
        <Stack gap="sm">
          <LockState lock={query.data} firstname={firstname} />
          {(query.data.failures > 0 || query.data.lockeddevices > 0) && (
            <Group>
              <Button
                variant={query.data.locked || query.data.lockeddevices > 0 ? 'filled' : 'default'}
                leftSection={<IconLockOpen size={16} />}
                onClick={clearLock}
                loading={clear.isPending}
              >
                Clear sign-in lock
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Panel>
  );
}

function LockState({ lock, firstname }: { lock: SignInLock; firstname: string }) {
  const period = `the last ${lock.windowminutes} minutes`;
  const last =
    lock.lastfailureat !== null
      ? ` The last failed attempt was at ${formatDateTime(lock.lastfailureat)}${
          lock.lastfailureaddress ? ` from ${lock.lastfailureaddress}` : ''
        }.`
      : '';
  const devices =
    lock.lockeddevices > 0 ? (
      <Text fz="sm">
        {plural(lock.lockeddevices, 'browser', 'browsers')} {firstname} signed in from before{' '}
        {lock.lockeddevices === 1 ? 'has' : 'have'} also failed too often and{' '}
        {lock.lockeddevices === 1 ? 'is' : 'are'} refused for now.
      </Text>
    ) : null;

  if (lock.locked) {
    return (
      <Stack gap="xs">
        <Alert
          color="orange"
          variant="light"
          title={`Locked until ${formatDateTime(lock.lockeduntil)}`}
          role="status"
        >
          <Text fz="sm">
            {plural(lock.failures, 'failed sign-in', 'failed sign-ins')} in {period} from browsers that have
            never signed in to this account (the limit is {lock.limit}). New browsers are refused until the
            lock ends; browsers {firstname} has signed in from before still work with the right password.
            {last}
          </Text>
        </Alert>
        {devices}
      </Stack>
    );
  }
  return (
    <Stack gap="xs">
      <Text fz="sm">
        {lock.failures === 0
          ? `Not locked. No failed sign-ins from new browsers in ${period}.`
          : `Not locked. ${plural(lock.failures, 'failed sign-in', 'failed sign-ins')} from new browsers in ${period}; new browsers are refused at ${lock.limit}.${last}`}
      </Text>
      {devices}
    </Stack>
  );
}
