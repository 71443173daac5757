import {
  type CompanySettingsUpdate,
  type Customer,
  companySettingsSchema,
  customerMessages,
} from '@lightpath/domain/customers';
import { can } from '@lightpath/domain/permissions';
import { Button, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { CalendarFeedPanel } from '../../../features/calendar/components/calendar-feed-panel';
import { useUpdateCompanySettings } from '../../../features/customers/api/update-company-settings';
import { LogoInput } from '../../../features/customers/components/logo-input';
import { emptyToNull } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useFormFollowsRecord } from '../../../lib/use-form-follows-record';
import { usePageTitle } from '../../../lib/use-page-title';
import { saveFormCallbacks, zodResolver } from '../../../lib/zod-form';

type Values = { logo64: string | null; cdrpin: string };

const crumbs = [{ label: 'Administration' }, { label: 'Company Settings' }];

function valuesOf(customer: Customer): Values {
  return { logo64: customer.logo64, cdrpin: customer.cdrpin ?? '' };
}

// A company admin's own settings: only the logo and the PIN. The rest of the record belongs to the NOC.
function toInput(values: Values): CompanySettingsUpdate {
  return { logo64: values.logo64, cdrpin: emptyToNull(values.cdrpin) };
}

export function CompanySettingsPage() {
  usePageTitle('Company Settings');
  const { actor, customer } = useSession();

  if (!can(actor, 'company.settings')) {
    return (
      <>
        <PageHeader title="Company Settings" crumbs={crumbs} />
        <NoAccess what="company settings" />
      </>
    );
  }
  return <CompanySettingsForm customer={customer} />;
}

function CompanySettingsForm({ customer }: { customer: Customer }) {
  const update = useUpdateCompanySettings();
  const form = useForm<Values>({
    initialValues: valuesOf(customer),
    validate: zodResolver(companySettingsSchema, toInput),
  });

  // Fresh data from the server replaces the form's contents, never over unsaved edits.
  useFormFollowsRecord(form, customer, valuesOf);

  const submit = form.onSubmit((values) =>
    update.mutate(
      toInput(values),
      saveFormCallbacks(form, values, {
        saved: customerMessages.settingsSaved,
        failed: 'An error occurred while saving the company settings',
      }),
    ),
  );

  return (
    <>
      <PageHeader
        title="Company Settings"
        description={`Settings for ${customer.customername}.`}
        crumbs={crumbs}
      />
      <Paper withBorder radius="lg" p="lg" shadow="xs" maw={720}>
        <form onSubmit={submit} noValidate>
          <Stack gap="lg">
            <div>
              <Title order={3} fz="md">
                Branding
              </Title>
              <Text fz="sm" c="dimmed">
                Your logo appears in the portal header for everyone in {customer.customername}.
              </Text>
            </div>
            <LogoInput
              value={form.values.logo64}
              onChange={(value) => form.setFieldValue('logo64', value)}
              customerName={customer.customername}
              error={form.errors.logo64}
            />
            <div>
              <Title order={3} fz="md">
                CDR PIN
              </Title>
              <Text fz="sm" c="dimmed">
                The PIN the provider keeps on file for {customer.customername}.
              </Text>
            </div>
            <PasswordInput
              label="PIN"
              description="4 to 8 digits; leave empty for none"
              inputMode="numeric"
              autoComplete="off"
              maw={280}
              {...form.getInputProps('cdrpin')}
            />
            <Group justify="flex-end">
              <Button
                variant="default"
                onClick={() => form.reset()}
                disabled={!form.isDirty() || update.isPending}
              >
                Discard changes
              </Button>
              <Button type="submit" loading={update.isPending}>
                Save settings
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {!customer.isprovider && <CalendarFeedPanel customerid={customer.customerid} mt="lg" maw={720} />}
    </>
  );
}
