import { type CrossConnect, crossConnectLabel } from '@lightpath/domain/colocation';
import { loaMessages, loaRefusal } from '@lightpath/domain/loa';
import { ActionIcon, Badge, Group, Paper, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowsLeftRight, IconFileCertificate, IconPencil } from '@tabler/icons-react';
import { SortableTh } from '../../../components/sortable-th';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';

type Props = {
  crossConnects: CrossConnect[];
  sort: string;
  onSort: (sort: string) => void;
  onEdit?: ((crossConnect: CrossConnect) => void) | undefined;
  // Download the cross-connect's Letter of Authorisation; `letterBusy` is the one being fetched.
  onLetter?: ((crossConnect: CrossConnect) => void) | undefined;
  letterBusy?: number | null | undefined;
  showCustomer: boolean;
};

// Where a cable lands: panel and port, or a dash when they are not recorded.
export function patchPoint(panel: string | null, port: string | null): string {
  if (!panel && !port) return '—';
  return [panel, port ? `port ${port}` : null].filter(Boolean).join(' · ');
}

function End({
  rackId,
  panel,
  port,
  ended,
}: {
  rackId: string;
  panel: string | null;
  port: string | null;
  ended: boolean;
}) {
  return (
    <Stack gap={2}>
      <Text ff="monospace" fz="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
        {rackId}
      </Text>
      <Text fz="xs" c="dimmed">
        {patchPoint(panel, port)}
      </Text>
      {ended && (
        <Badge size="xs" color="gray" variant="light" tt="none">
          Rack has an end date
        </Badge>
      )}
    </Stack>
  );
}

function EditButton({
  crossConnect,
  onEdit,
}: {
  crossConnect: CrossConnect;
  onEdit: (x: CrossConnect) => void;
}) {
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      aria-label={`Edit cross-connect ${crossConnectLabel(crossConnect)}`}
      onClick={() => onEdit(crossConnect)}
    >
      <IconPencil size={16} />
    </ActionIcon>
  );
}

// Offered on every cross-connect the reader may see; one with an ended rack keeps the button, greyed,
// with the reason in its tooltip (a disabled button would take no hover or focus to show it).
function LetterButton({
  crossConnect,
  onLetter,
  busy,
}: {
  crossConnect: CrossConnect;
  onLetter: (x: CrossConnect) => void;
  busy: boolean;
}) {
  const refusal = loaRefusal(crossConnect);
  const label = `${loaMessages.title} for ${crossConnectLabel(crossConnect)}`;
  return (
    <Tooltip
      label={refusal ?? `Download the ${loaMessages.title} (PDF)`}
      multiline
      maw={280}
      withArrow
      events={{ hover: true, focus: true, touch: true }}
    >
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={refusal ? `${label}. ${refusal}` : label}
        aria-disabled={refusal ? true : undefined}
        data-disabled={refusal ? true : undefined}
        loading={busy}
        onClick={() => {
          // A tap on a phone shows no tooltip: the reason comes as a notice instead.
          if (refusal) notify.warning(refusal);
          else onLetter(crossConnect);
        }}
      >
        <IconFileCertificate size={16} />
      </ActionIcon>
    </Tooltip>
  );
}

function RowActions({
  crossConnect,
  onEdit,
  onLetter,
  letterBusy,
}: Pick<Props, 'onEdit' | 'onLetter' | 'letterBusy'> & { crossConnect: CrossConnect }) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {onLetter && (
        <LetterButton
          crossConnect={crossConnect}
          onLetter={onLetter}
          busy={letterBusy === crossConnect.crossconnectid}
        />
      )}
      {onEdit && <EditButton crossConnect={crossConnect} onEdit={onEdit} />}
    </Group>
  );
}

const aEnd = (x: CrossConnect) => (
  <End rackId={x.aendrackspaceid} panel={x.aendpanel} port={x.aendport} ended={x.aendenddate !== null} />
);
const bEnd = (x: CrossConnect) => (
  <End rackId={x.bendrackspaceid} panel={x.bendpanel} port={x.bendport} ended={x.bendenddate !== null} />
);

function CrossConnectCards({
  crossConnects,
  onEdit,
  onLetter,
  letterBusy,
  showCustomer,
}: Omit<Props, 'sort' | 'onSort'>) {
  return (
    <Stack gap="xs">
      {crossConnects.map((x) => (
        <Paper key={x.uuid} withBorder radius="md" p="sm">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={6}>
              <Text fw={600} fz="sm" ff="monospace">
                {crossConnectLabel(x)}
              </Text>
              <Text fz="sm">
                {x.sitename}
                {showCustomer ? ` · ${x.customername}` : ''}
              </Text>
              <Group gap="xs" wrap="nowrap" align="flex-start">
                {aEnd(x)}
                <IconArrowsLeftRight size={16} aria-label="to" />
                {bEnd(x)}
              </Group>
            </Stack>
            <RowActions crossConnect={x} onEdit={onEdit} onLetter={onLetter} letterBusy={letterBusy} />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

export function CrossConnectsTable({
  crossConnects,
  sort,
  onSort,
  onEdit,
  onLetter,
  letterBusy,
  showCustomer,
}: Props) {
  const narrow = useMediaQuery('(max-width: 48em)');
  const actions = Boolean(onEdit || onLetter);
  if (narrow)
    return (
      <CrossConnectCards
        crossConnects={crossConnects}
        onEdit={onEdit}
        onLetter={onLetter}
        letterBusy={letterBusy}
        showCustomer={showCustomer}
      />
    );
  return (
    <Table.ScrollContainer minWidth={showCustomer ? 1060 : 860}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <SortableTh field="crossconnectid" sort={sort} onSort={onSort}>
              Cross-connect
            </SortableTh>
            <SortableTh field="sitename" sort={sort} onSort={onSort}>
              Site
            </SortableTh>
            {showCustomer && (
              <SortableTh field="customername" sort={sort} onSort={onSort}>
                Customer
              </SortableTh>
            )}
            <SortableTh field="aendrackspaceid" sort={sort} onSort={onSort}>
              A end
            </SortableTh>
            <SortableTh field="bendrackspaceid" sort={sort} onSort={onSort}>
              B end
            </SortableTh>
            <SortableTh field="created" sort={sort} onSort={onSort} miw={170}>
              Created
            </SortableTh>
            {actions && (
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {crossConnects.map((x) => (
            <Table.Tr key={x.uuid}>
              <Table.Td ff="monospace" fz="sm" fw={500}>
                {crossConnectLabel(x)}
              </Table.Td>
              <Table.Td fz="sm">{x.sitename}</Table.Td>
              {showCustomer && <Table.Td fz="sm">{x.customername}</Table.Td>}
              <Table.Td>{aEnd(x)}</Table.Td>
              <Table.Td>
                {bEnd(x)}
                {x.bendcustomername !== x.customername && (
                  <Text fz="xs" c="dimmed">
                    {x.bendcustomername}
                  </Text>
                )}
              </Table.Td>
              <Table.Td fz="sm">{formatDateTime(x.created)}</Table.Td>
              {actions && (
                <Table.Td>
                  <RowActions crossConnect={x} onEdit={onEdit} onLetter={onLetter} letterBusy={letterBusy} />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
