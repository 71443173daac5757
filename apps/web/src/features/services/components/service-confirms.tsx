import { type ServiceSummary, serviceMessages } from '@lightpath/domain/services';
import { Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPlugConnectedX, IconTrash } from '@tabler/icons-react';
import { errorMessage, needsToast } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useDeleteService } from '../api/delete-service';
import { useDeprovisionService } from '../api/deprovision-service';

type Target = Pick<ServiceSummary, 'serviceid' | 'description' | 'customercode'>;

// Destructive actions always ask first, naming the service, and say what happens to it.
export function useConfirmDeprovision() {
  const deprovision = useDeprovisionService();
  const confirm = (service: Target, onDone?: () => void) =>
    modals.openConfirmModal({
      title: `Deprovision ${service.serviceid}`,
      children: (
        <Stack gap="xs">
          <Text fz="sm">
            Deprovision <strong>{service.serviceid}</strong> ({service.description}) for{' '}
            {service.customercode}?
          </Text>
          <Text fz="sm" c="dimmed">
            The service is disabled and leaves the active lists. Its record and history stay, listed under
            recently deprovisioned services.
          </Text>
        </Stack>
      ),
      labels: { confirm: 'Deprovision', cancel: 'Cancel' },
      confirmProps: { color: 'red', leftSection: <IconPlugConnectedX size={16} /> },
      onConfirm: () =>
        deprovision.mutate(service.serviceid, {
          onSuccess: () => {
            notify.success(serviceMessages.deprovisioned(service.serviceid));
            onDone?.();
          },
          onError: (error) => {
            if (needsToast(error))
              notify.warning(
                errorMessage(error, `An error occurred while deprovisioning ${service.serviceid}`),
              );
          },
        }),
    });
  return { confirm, pending: deprovision.isPending };
}

export function useConfirmDelete() {
  const remove = useDeleteService();
  const confirm = (service: Target, onDone?: () => void) =>
    modals.openConfirmModal({
      title: `Delete ${service.serviceid}`,
      children: (
        <Stack gap="xs">
          <Text fz="sm">
            Delete <strong>{service.serviceid}</strong> ({service.description}) for {service.customercode}?
          </Text>
          <Text fz="sm" c="dimmed">
            The record, its patching and its notification subscriptions are removed. This cannot be undone; to
            retire a service that was in use, deprovision it instead.
          </Text>
        </Stack>
      ),
      labels: { confirm: 'Delete service', cancel: 'Cancel' },
      confirmProps: { color: 'red', leftSection: <IconTrash size={16} /> },
      onConfirm: () =>
        remove.mutate(service.serviceid, {
          onSuccess: () => {
            notify.success(serviceMessages.deleted(service.serviceid));
            onDone?.();
          },
          onError: (error) => {
            if (needsToast(error))
              notify.warning(errorMessage(error, `An error occurred while deleting ${service.serviceid}`));
          },
        }),
    });
  return { confirm, pending: remove.isPending };
}
