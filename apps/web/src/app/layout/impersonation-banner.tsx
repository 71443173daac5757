import { userTypeNames } from '@lightpath/domain/user-types';
import { ActionIcon, Badge, Button, Group, Text, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconEye } from '@tabler/icons-react';
import { useSwitchCustomer } from '../../features/auth/api/use-switch-customer';
import { useSession } from '../../lib/session';

// While switched, every screen says so: acting as a customer by accident is how mistakes happen.
export function ImpersonationBanner() {
  const { actor, customer } = useSession();
  const switchCustomer = useSwitchCustomer();
  if (!actor.impersonating) return null;
  const label = `Viewing as ${customer.customername} · ${userTypeNames[actor.type]}`;
  const revert = () => switchCustomer.mutate({ customerid: actor.realCustomerId, usertype: actor.realType });
  return (
    <Group gap={6} wrap="nowrap" data-testid="impersonation-banner" style={{ minWidth: 0, flexShrink: 0 }}>
      <Tooltip label={label}>
        <Badge
          color="orange"
          variant="light"
          size="lg"
          leftSection={<IconEye size={14} />}
          styles={{ label: { textTransform: 'none', overflow: 'hidden', textOverflow: 'ellipsis' } }}
          maw={{ base: 96, sm: 220, lg: 300, xl: 420 }}
          style={{ flexShrink: 0 }}
        >
          <Text span fz="xs" fw={600} visibleFrom="sm" inherit>
            {label}
          </Text>
          {/* A phone has room for the customer code only; the tooltip and profile menu say the rest. */}
          <Text span fz="xs" fw={600} hiddenFrom="sm" inherit aria-label={label}>
            {customer.code || customer.customercode}
          </Text>
        </Badge>
      </Tooltip>
      <Button
        size="compact-sm"
        color="orange"
        leftSection={<IconArrowBackUp size={14} />}
        onClick={revert}
        loading={switchCustomer.isPending}
        aria-label="Revert to own account"
        visibleFrom="sm"
      >
        Revert
      </Button>
      <ActionIcon
        color="orange"
        size="md"
        onClick={revert}
        loading={switchCustomer.isPending}
        aria-label="Revert to own account"
        hiddenFrom="sm"
      >
        <IconArrowBackUp size={16} />
      </ActionIcon>
    </Group>
  );
}
