import { equipmentMessages } from '@lightpath/domain/equipment';
import { can } from '@lightpath/domain/permissions';
import { Alert, Skeleton, Text } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { Navigate, useParams } from 'react-router';
import { DetailPageGate } from '../../../components/detail-page-gate';
import { PageHeader } from '../../../components/page-header';
import { usePort } from '../../../features/equipment/api/port-telemetry';
import { useSession } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';

const crumbs = [{ label: 'Equipment', to: '/equipment' }];

// /equipment/port/<portid>, where a service end's port id leads: it finds the port's shelf (GET
// port/{portid}) and replaces itself with the shelf's page with the port open, so Back returns to
// the service rather than to this step.
export function PortPage() {
  const { portid = '' } = useParams();
  const { actor } = useSession();
  const allowed = can(actor, 'equipment.view');
  const query = usePort(portid, allowed);
  usePageTitle(`Port ${portid}`);
  const portCrumbs = [...crumbs, { label: portid }];

  if (!allowed || !query.isSuccess) {
    return (
      <DetailPageGate
        allowed={allowed}
        valid={portid !== ''}
        query={query}
        title={`Port ${portid}`}
        crumbs={portCrumbs}
        noAccessWhat="equipment"
        recordWhat="port"
        notFoundMessage={equipmentMessages.portNotFound}
        loadingHeader={{ title: <Skeleton h={28} w={260} />, crumbs: portCrumbs }}
        skeleton={<Skeleton h={120} radius="lg" />}
      />
    );
  }
  const { equipmentid } = query.data;
  if (equipmentid) {
    return (
      <Navigate
        replace
        to={`/equipment/shelf/${equipmentid}?port=${encodeURIComponent(query.data.portid)}`}
      />
    );
  }
  return (
    <>
      <PageHeader
        title={
          <Text component="span" ff="monospace" fz="inherit" fw="inherit">
            {portid}
          </Text>
        }
        crumbs={portCrumbs}
      />
      <Alert variant="light" color="gray" icon={<IconPlugConnectedX size={18} />}>
        This port is not on a shelf the portal knows.
      </Alert>
    </>
  );
}
