import {
  issueIsWorks,
  issueNeedsServices,
  issueNeedsStart,
  ticketIssueTypes,
} from '@lightpath/domain/tickets';
import { Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { labelWithZone } from '../../../../lib/time-zone';
import type { TicketFormValues } from '../../ticket-form-values';
import { ServiceLinkStatuses } from './service-link-statuses';
import { TicketServicesInput } from './ticket-services-input';

type Props = {
  form: UseFormReturnType<TicketFormValues>;
  heading: ReactNode;
  siteOptions: { value: string; label: string }[];
  sitesLoading: boolean;
  // Searches and lookups run only while this step is on screen.
  active: boolean;
};

// Step two: what the issue needs (spec 5). Faults name their services and when they started; a works
// notice names the site and the works window; questions may name services.
export function DetailsStep({ form, heading, siteOptions, sitesLoading, active }: Props) {
  const { values } = form;
  const issuetype = ticketIssueTypes.find((issue) => issue === values.issuetype) ?? null;
  const works = issueIsWorks(issuetype);
  const needsStart = issueNeedsStart(issuetype);

  if (works) {
    return (
      <Stack gap="md">
        {heading}
        <Select
          label="Site"
          required
          searchable
          data-autofocus
          placeholder={sitesLoading ? 'Loading sites…' : 'Choose the site of the works'}
          data={siteOptions}
          nothingFoundMessage="No sites found"
          {...form.getInputProps('siteid')}
          value={values.siteid || null}
          onChange={(value) => form.setFieldValue('siteid', value ?? '')}
        />
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <TextInput label="Works start date" type="date" required {...form.getInputProps('startdate')} />
          <TextInput
            label={labelWithZone('Works start time')}
            type="time"
            required
            {...form.getInputProps('starttime')}
            error={Boolean(form.errors.startdate) || undefined}
          />
          <TextInput label="Works end date" type="date" required {...form.getInputProps('enddate')} />
          <TextInput
            label={labelWithZone('Works end time')}
            type="time"
            required
            {...form.getInputProps('endtime')}
            error={Boolean(form.errors.enddate) || undefined}
          />
        </SimpleGrid>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      {heading}
      <TicketServicesInput
        value={values.services}
        onChange={(services) => form.setFieldValue('services', services)}
        required={issueNeedsServices(issuetype)}
        error={form.errors.services}
        enabled={active}
      />
      <ServiceLinkStatuses serviceids={values.services} issuetype={issuetype} enabled={active} />
      {needsStart ? (
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <TextInput label="Start date" type="date" required {...form.getInputProps('startdate')} />
          <TextInput
            label={labelWithZone('Start time')}
            type="time"
            required
            {...form.getInputProps('starttime')}
            error={Boolean(form.errors.startdate) || undefined}
          />
        </SimpleGrid>
      ) : (
        <Text fz="sm" c="dimmed">
          Naming the services your question is about helps the NOC answer it, but it is not required.
        </Text>
      )}
    </Stack>
  );
}
