import { siteCreateSchema, siteMessages, siteTypeIds, siteTypes } from '@lightpath/domain/sites';
import {
  Button,
  Group,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useNavigate } from 'react-router';
import { notify } from '../../../lib/notify';
import { useAllCustomers } from '../../../lib/queries/list-customers';
import { useCustomerSites } from '../../../lib/queries/list-sites';
import { formLevelKey, reportFormError, zodResolver } from '../../../lib/zod-form';
import { useCreateSite } from '../api/create-site';
import { blankSiteValues, type SiteFormValues, siteRuleErrors, toSiteCreate } from '../site-form-values';
import { SiteFields } from './site-fields';

const schemaCheck = zodResolver(siteCreateSchema, toSiteCreate);

// The schema checks the address rule only once every field parses; checking it alongside shows all
// the problems at the first attempt rather than one round at a time.
function validate(values: SiteFormValues) {
  return { ...siteRuleErrors(values, Number(values.sitetype)), ...schemaCheck(values) };
}

// Spec 2.6 and 5: Create New Site (provider NOC only).
export function CreateSiteModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  // A long form reads better as a full page on a phone than as a box inside one.
  const phone = useMediaQuery('(max-width: 36em)');
  const navigate = useNavigate();
  const createSite = useCreateSite();
  const customers = useAllCustomers(opened);
  const form = useForm<SiteFormValues>({ initialValues: blankSiteValues(), validate });
  const customerid = form.values.customerid ? Number(form.values.customerid) : null;
  const customerSites = useCustomerSites(customerid, opened);
  const sitetype = Number(form.values.sitetype);
  const customer = customers.data?.find((c) => c.customerid === customerid);

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.onSubmit((values) =>
    createSite.mutate(toSiteCreate(values), {
      onSuccess: ({ site, message }) => {
        notify.success(message ?? siteMessages.created);
        close();
        navigate(`/site/${site.siteid}`);
      },
      onError: (error) => reportFormError(form, error, siteMessages.createFailed),
    }),
  );

  return (
    <Modal opened={opened} onClose={close} title="Create New Site" size="xl" fullScreen={phone}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Customer"
              required
              searchable
              data-autofocus
              placeholder={customers.isPending ? 'Loading customers…' : 'Choose a customer'}
              nothingFoundMessage="No matching customer"
              data={(customers.data ?? []).map((c) => ({
                value: String(c.customerid),
                label: `${c.customername} (${c.code || c.customercode})`,
              }))}
              {...form.getInputProps('customerid')}
              onChange={(value) => {
                // The parent site belongs to the customer; another customer's parent would be refused.
                form.setFieldValue('customerid', value ?? '');
                form.setFieldValue('parentsite', '');
              }}
            />
            <TextInput
              label="Site number"
              description="4 digits, stored as S followed by the digits"
              required
              inputMode="numeric"
              placeholder="0001"
              leftSection={
                <Text fz="sm" c="dimmed" ff="monospace">
                  S
                </Text>
              }
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              {...form.getInputProps('sitenumber')}
            />
          </SimpleGrid>
          <TextInput label="Site name" required {...form.getInputProps('sitename')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Site type"
              required
              allowDeselect={false}
              data={siteTypeIds.map((t) => ({ value: String(t), label: `${t} · ${siteTypes[t]}` }))}
              {...form.getInputProps('sitetype')}
            />
            <div>
              <Text fz="sm" fw={500} mb={4} id="create-site-status">
                Status
              </Text>
              <SegmentedControl
                aria-labelledby="create-site-status"
                fullWidth
                data={[
                  { value: '1', label: 'Enabled' },
                  { value: '0', label: 'Disabled' },
                ]}
                {...form.getInputProps('status')}
              />
            </div>
          </SimpleGrid>
          <SiteFields
            form={form}
            sitetype={sitetype}
            customerSites={customerSites.data}
            customerSitesLoading={customerSites.isFetching}
            customerCode={customer?.code || customer?.customercode}
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
            <Button type="submit" loading={createSite.isPending}>
              Create site
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
