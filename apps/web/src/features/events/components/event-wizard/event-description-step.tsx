import {
  eventPriorities,
  eventTemplates,
  eventTypes,
  slaClassifications,
  suburbPlaceholder,
} from '@lightpath/domain/events';
import { ticketNumberMax } from '@lightpath/domain/ticket-numbers';
import { NumberInput, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { labelWithZone } from '../../../../lib/time-zone';
import type { EventFormValues } from '../../event-form-values';
import { EventServicesInput } from './event-services-input';

type Props = {
  form: UseFormReturnType<EventFormValues>;
  heading: ReactNode;
  // The ticket prefill, offered for new events only.
  prefill: ReactNode;
  onTemplate: (index: number) => void;
  searchEnabled: boolean;
};

const typeOptions = Object.entries(eventTypes).map(([value, type]) => ({ value, label: type.label }));
const templateOptions = eventTemplates.map((template, index) => ({
  value: String(index),
  label: template.name,
}));
const priorityOptions = Object.entries(eventPriorities).map(([value, label]) => ({ value, label }));
const slaOptions = Object.entries(slaClassifications).map(([value, label]) => ({ value, label }));

function placeholderHint(text: string): string | undefined {
  return text.includes(suburbPlaceholder)
    ? `Replace ${suburbPlaceholder} with the place affected`
    : undefined;
}

// Page one of the New Event wizard (spec 5 'Event page one'). Nothing here submits on Enter: the
// wizard moves on only through its buttons.
export function EventDescriptionStep({ form, heading, prefill, onTemplate, searchEnabled }: Props) {
  const { values } = form;
  const ongoing = values.type === '3';

  return (
    <Stack gap="md">
      {heading}
      {prefill}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Event type"
          required
          data-autofocus
          placeholder="Choose a type"
          data={typeOptions}
          allowDeselect={false}
          {...form.getInputProps('type')}
          value={values.type || null}
          onChange={(value) => form.setFieldValue('type', value ?? '')}
        />
        <Select
          label="Prefill template"
          description="Replaces the title and description"
          placeholder="Choose a template"
          data={templateOptions}
          allowDeselect={false}
          value={values.template || null}
          onChange={(value) => {
            if (value !== null) onTemplate(Number(value));
          }}
        />
      </SimpleGrid>
      <EventServicesInput
        value={values.services}
        onChange={(services) => form.setFieldValue('services', services)}
        error={form.errors.services}
        enabled={searchEnabled}
      />
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <TextInput label="Start date" type="date" required {...form.getInputProps('startdate')} />
        <TextInput
          label={labelWithZone('Start time')}
          type="time"
          required
          {...form.getInputProps('starttime')}
          error={Boolean(form.errors.startdate) || undefined}
        />
        <TextInput
          label={ongoing ? 'End date (optional for ongoing outages)' : 'End date'}
          type="date"
          required={!ongoing}
          {...form.getInputProps('enddate')}
        />
        <TextInput
          label={labelWithZone('End time')}
          type="time"
          required={!ongoing}
          {...form.getInputProps('endtime')}
          error={Boolean(form.errors.enddate) || undefined}
        />
      </SimpleGrid>
      <TextInput
        label="Title"
        required
        description={placeholderHint(values.title)}
        {...form.getInputProps('title')}
      />
      <Textarea
        label="Description"
        required
        autosize
        minRows={3}
        maxRows={10}
        description={placeholderHint(values.description)}
        {...form.getInputProps('description')}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NumberInput
          label="Ticket number"
          required
          min={0}
          max={ticketNumberMax}
          // The domain rule says what is wrong with 10000; clamping would silently change it.
          clampBehavior="none"
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('number')}
        />
        <TextInput label="Initiator" required {...form.getInputProps('initiator')} />
        <TextInput label="Approver" {...form.getInputProps('approver')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Priority"
          data={priorityOptions}
          allowDeselect={false}
          {...form.getInputProps('priority')}
        />
        <Select
          label="SLA classification"
          data={slaOptions}
          allowDeselect={false}
          {...form.getInputProps('slatype')}
        />
      </SimpleGrid>
    </Stack>
  );
}
