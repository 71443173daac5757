import {
  accessReasons,
  accessTypeLabel,
  accessTypeNeedsDetails,
  accessTypeNeedsForm,
  accessTypeRefusal,
} from '@lightpath/domain/access';
import type { Site } from '@lightpath/domain/sites';
import { ticketNumberMax } from '@lightpath/domain/ticket-numbers';
import {
  Alert,
  Badge,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { labelWithZone } from '../../../lib/time-zone';
import type { AccessFormValues } from '../access-form-values';
import { AccessFilesInput } from './access-files-input';
import { AccessSiteSelect } from './access-site-select';

type Props = {
  form: UseFormReturnType<AccessFormValues>;
  heading: ReactNode;
  site: Site | null;
  onSite: (site: Site | null) => void;
  siteError: string | undefined;
  onReason: (reason: string) => void;
  onAddFiles: (files: File[]) => void;
  onRemoveFile: (file: File) => void;
  searchEnabled: boolean;
};

const reasonOptions = accessReasons.map((reason) => ({ value: reason, label: reason }));

// What the site's record says about getting in: its access type, hours and notes.
function SiteAccessFacts({ site }: { site: Site }) {
  return (
    <Paper withBorder radius="md" p="sm" bg="var(--lp-color-page)">
      <Stack gap={4}>
        <Group gap="xs">
          <Text fz="sm" c="dimmed">
            Access type
          </Text>
          <Badge variant="light" color={accessTypeRefusal(site.accesstype) ? 'orange' : 'indigo'}>
            {accessTypeLabel(site.accesstype)}
          </Badge>
        </Group>
        <Text fz="sm">
          <Text span fz="sm" c="dimmed">
            Access hours:{' '}
          </Text>
          {site.accesshours || 'Not recorded'}
        </Text>
        {site.accessnotes && (
          <Text fz="sm">
            <Text span fz="sm" c="dimmed">
              Access notes:{' '}
            </Text>
            {site.accessnotes}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

// Step one, Site Access Description (spec 5). Nothing here submits on Enter: the wizard moves on only
// through its buttons.
export function AccessDescriptionStep({
  form,
  heading,
  site,
  onSite,
  siteError,
  onReason,
  onAddFiles,
  onRemoveFile,
  searchEnabled,
}: Props) {
  const { values } = form;
  const refusal = site ? accessTypeRefusal(site.accesstype) : null;
  const needsForm = site ? accessTypeNeedsForm(site.accesstype) : false;
  const needsDetails = site ? accessTypeNeedsDetails(site.accesstype) : true;

  return (
    <Stack gap="md">
      {heading}
      <AccessSiteSelect value={site} onChange={onSite} error={siteError} enabled={searchEnabled} />
      {site && <SiteAccessFacts site={site} />}
      {refusal ? (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          {refusal}
        </Alert>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label="Date" type="date" required {...form.getInputProps('date')} />
            <TextInput
              label={labelWithZone('Time')}
              type="time"
              required
              {...form.getInputProps('time')}
              error={Boolean(form.errors.date) || undefined}
            />
            <TextInput label="Technician" required {...form.getInputProps('technician')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Reason"
              placeholder="Choose a reason"
              description={site?.accesstype === 2 ? undefined : 'Fills in the details'}
              data={reasonOptions}
              clearable
              value={values.reason || null}
              onChange={(reason) => onReason(reason ?? '')}
            />
            <NumberInput
              label="Ticket number"
              description="Optional: a related ticket or works notice"
              min={0}
              max={ticketNumberMax}
              // The domain rule says what is wrong with 10000; clamping would silently change it.
              clampBehavior="none"
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('number')}
            />
          </SimpleGrid>
          <Textarea
            label="Details"
            required={needsDetails}
            autosize
            minRows={3}
            maxRows={10}
            {...form.getInputProps('details')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            <Switch label="Emergency" {...form.getInputProps('emergency', { type: 'checkbox' })} />
            <Switch
              label="Service affecting"
              {...form.getInputProps('serviceaffecting', { type: 'checkbox' })}
            />
            <Switch
              label="Copy the site's contacts"
              {...form.getInputProps('addccs', { type: 'checkbox' })}
            />
            <Switch
              label="Shorten the site name in the subject"
              {...form.getInputProps('truncatename', { type: 'checkbox' })}
            />
          </SimpleGrid>
          {needsForm && (
            <AccessFilesInput
              files={values.files}
              onAdd={onAddFiles}
              onRemove={onRemoveFile}
              error={form.errors.files as string | undefined}
            />
          )}
        </>
      )}
    </Stack>
  );
}
