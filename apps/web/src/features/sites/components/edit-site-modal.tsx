import { type Site, siteMessages, siteUpdateSchema } from '@lightpath/domain/sites';
import { Button, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo } from 'react';
import { changedFields } from '../../../lib/changed-fields';
import { notify } from '../../../lib/notify';
import { useCustomerSites } from '../../../lib/queries/list-sites';
import { useFormFollowsRecord } from '../../../lib/use-form-follows-record';
import { formLevelKey, saveFormCallbacks, zodResolver } from '../../../lib/zod-form';
import { useUpdateSite } from '../api/update-site';
import { type SiteFormValues, siteRuleErrors, toSiteUpdate, valuesFromSite } from '../site-form-values';
import { SiteFields } from './site-fields';

type Props = { site: Site; opened: boolean; onClose: () => void };

export function EditSiteModal({ site, opened, onClose }: Props) {
  // A long form reads better as a full page on a phone than as a box inside one.
  const phone = useMediaQuery('(max-width: 36em)');
  const updateSite = useUpdateSite(site.siteid);
  const customerSites = useCustomerSites(site.customerid, opened);
  const schemaCheck = useMemo(
    () => zodResolver(siteUpdateSchema, (v: SiteFormValues) => toSiteUpdate(v, site.sitetype)),
    [site.sitetype],
  );
  const form = useForm<SiteFormValues>({
    initialValues: valuesFromSite(site),
    validate: (values) => ({ ...siteRuleErrors(values, site.sitetype), ...schemaCheck(values) }),
  });

  // Fresh data from the server replaces the form's contents, never over unsaved edits.
  useFormFollowsRecord(form, site, valuesFromSite);

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.onSubmit((values) => {
    const body = changedFields(
      toSiteUpdate(values, site.sitetype),
      toSiteUpdate(valuesFromSite(site), site.sitetype),
    );
    if (Object.keys(body).length === 0) {
      notify.info('No changes to save');
      return;
    }
    const callbacks = saveFormCallbacks(form, values, {
      saved: siteMessages.updated,
      failed: 'An error occurred while updating this site',
    });
    updateSite.mutate(body, {
      onSuccess: () => {
        callbacks.onSuccess();
        onClose();
      },
      onError: callbacks.onError,
    });
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={`Edit ${site.sitenumber} · ${site.sitename}`}
      size="xl"
      fullScreen={phone}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label="Site name" required data-autofocus {...form.getInputProps('sitename')} />
          <div>
            <Text fz="sm" fw={500} mb={4} id="edit-site-status">
              Status
            </Text>
            <SegmentedControl
              aria-labelledby="edit-site-status"
              data={[
                { value: '1', label: 'Enabled' },
                { value: '0', label: 'Disabled' },
              ]}
              {...form.getInputProps('status')}
            />
          </div>
          <SiteFields
            form={form}
            sitetype={site.sitetype}
            customerSites={customerSites.data}
            customerSitesLoading={customerSites.isFetching}
            excludeSiteId={site.siteid}
            customerCode={site.customercode}
          />
          {form.errors[formLevelKey] && (
            <Text c="red" fz="sm" role="alert">
              {form.errors[formLevelKey]}
            </Text>
          )}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={updateSite.isPending}>
              Save changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
