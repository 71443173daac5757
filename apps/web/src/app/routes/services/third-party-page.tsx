import { can } from '@lightpath/domain/permissions';
import {
  ActionIcon,
  Anchor,
  Button,
  EmptyState,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconPlus, IconSearch, IconTrash, IconWorldShare } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { ServiceTypeBadge } from '../../../components/service-badges';
import { TableSkeleton } from '../../../components/table-skeleton';
import { useDeleteThirdParty } from '../../../features/services/api/delete-third-party';
import { useThirdParties } from '../../../features/services/api/list-third-parties';
import { ThirdPartyModal } from '../../../features/services/components/third-party-modal';
import { matchesCircuit, type ThirdPartyCircuit } from '../../../features/services/third-party-values';
import { errorMessage, needsToast } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { serviceRoute } from '../../../lib/service-links';
import { useSession } from '../../../lib/session';
import { useListParams } from '../../../lib/use-list-params';
import { usePageTitle } from '../../../lib/use-page-title';

const title = 'Third-Party Services';
const crumbs = [{ label: 'Services', to: '/services' }, { label: title }];

function ServiceLink({ serviceid }: { serviceid: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <ServiceTypeBadge serviceid={serviceid} size="xs" />
      <Anchor component={Link} to={serviceRoute(serviceid)} fz="sm" ff="monospace">
        {serviceid}
      </Anchor>
    </Group>
  );
}

// NetBox virtual circuits bought from other carriers, each riding on one of our services (NOC only).
export function ThirdPartyPage() {
  usePageTitle(title);
  const { actor } = useSession();
  const allowed = can(actor, 'services.manage');
  const list = useListParams();
  const search = list.get('q');
  const circuits = useThirdParties(allowed);
  const remove = useDeleteThirdParty();
  const [adding, addModal] = useDisclosure(false);
  const narrow = useMediaQuery('(max-width: 48em)');

  if (!allowed) {
    return (
      <>
        <PageHeader title={title} crumbs={crumbs} />
        <NoAccess what="third-party services" />
      </>
    );
  }

  const confirmDelete = (circuit: ThirdPartyCircuit) =>
    modals.openConfirmModal({
      title: `Delete circuit ${circuit.circuitid}`,
      children: (
        <Text fz="sm">
          Remove the {circuit.provider?.name ?? 'third-party'} circuit <strong>{circuit.circuitid}</strong>{' '}
          from {circuit.serviceid}? It is deleted from NetBox. This cannot be undone.
        </Text>
      ),
      labels: { confirm: 'Delete circuit', cancel: 'Cancel' },
      confirmProps: { color: 'red', leftSection: <IconTrash size={16} /> },
      onConfirm: () =>
        remove.mutate(circuit.id, {
          onSuccess: () => notify.success(`Third-party circuit ${circuit.circuitid} deleted`),
          onError: (error) => {
            if (needsToast(error))
              notify.warning(
                errorMessage(error, 'An error occurred while deleting this third-party circuit'),
              );
          },
        }),
    });

  const rows = (circuits.data ?? []).filter((circuit) => matchesCircuit(circuit, search));
  const deleteButton = (circuit: ThirdPartyCircuit) => (
    <Tooltip label="Delete circuit">
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={`Delete circuit ${circuit.circuitid}`}
        onClick={() => confirmDelete(circuit)}
      >
        <IconTrash size={16} />
      </ActionIcon>
    </Tooltip>
  );

  return (
    <>
      <PageHeader
        title={title}
        description="Circuits bought from other carriers, recorded in NetBox against the service they extend."
        crumbs={crumbs}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={addModal.open}>
            Add circuit
          </Button>
        }
      />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
        <TextInput
          aria-label="Search third-party circuits"
          placeholder="Search by circuit, service, provider or head-end"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => list.set({ q: event.currentTarget.value }, { replace: true })}
          mb="md"
          maw={480}
          type="search"
        />
        {circuits.isPending ? (
          <TableSkeleton />
        ) : circuits.isError ? (
          <LoadError error={circuits.error} what="third-party services" onRetry={() => circuits.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState
            py="xl"
            icon={<IconWorldShare size={28} />}
            withIndicatorBackground
            title={search ? 'No circuits match this search' : 'No third-party circuits yet'}
            description={search ? 'Try a different search.' : 'Add one with the Add circuit button.'}
          >
            {search && (
              <EmptyState.Actions>
                <Button variant="default" onClick={() => list.set({ q: null })}>
                  Clear search
                </Button>
              </EmptyState.Actions>
            )}
          </EmptyState>
        ) : narrow ? (
          <Stack gap="xs">
            {rows.map((circuit) => (
              <Paper key={circuit.id} withBorder radius="md" p="sm">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={4} style={{ minWidth: 0 }}>
                    <Text fw={600} ff="monospace" fz="sm">
                      {circuit.circuitid}
                    </Text>
                    <ServiceLink serviceid={circuit.serviceid} />
                    <Text fz="xs" c="dimmed">
                      {circuit.provider?.name} · {circuit.circuittype?.name}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      Head-end {circuit.headendid}
                      {circuit.redundantheadendid ? ` / ${circuit.redundantheadendid}` : ''}
                      {circuit.tailendid ? ` · tail-end ${circuit.tailendid}` : ''}
                    </Text>
                  </Stack>
                  {deleteButton(circuit)}
                </Group>
              </Paper>
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={900}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Circuit</Table.Th>
                  <Table.Th>Service</Table.Th>
                  <Table.Th>Provider</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Head-end</Table.Th>
                  <Table.Th>Redundant head-end</Table.Th>
                  <Table.Th>Tail-end</Table.Th>
                  <Table.Th w={60}>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((circuit) => (
                  <Table.Tr key={circuit.id}>
                    <Table.Td ff="monospace" fz="sm">
                      {circuit.circuitid}
                    </Table.Td>
                    <Table.Td>
                      <ServiceLink serviceid={circuit.serviceid} />
                    </Table.Td>
                    <Table.Td fz="sm">{circuit.provider?.name ?? '—'}</Table.Td>
                    <Table.Td fz="sm">{circuit.circuittype?.name ?? '—'}</Table.Td>
                    <Table.Td fz="sm">{circuit.headendid}</Table.Td>
                    <Table.Td fz="sm">{circuit.redundantheadendid ?? '—'}</Table.Td>
                    <Table.Td fz="sm">{circuit.tailendid ?? '—'}</Table.Td>
                    <Table.Td>{deleteButton(circuit)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {circuits.data && circuits.data.length > 0 && (
          <Text fz="sm" c="dimmed" mt="md" aria-live="polite">
            {rows.length === circuits.data.length
              ? `${rows.length} ${rows.length === 1 ? 'circuit' : 'circuits'}`
              : `${rows.length} of ${circuits.data.length} circuits`}
          </Text>
        )}
      </Paper>
      <ThirdPartyModal opened={adding} onClose={addModal.close} />
    </>
  );
}
