import {
  defaultSpeedFor,
  diversities,
  serviceLetters,
  serviceStatuses,
  serviceTypes,
  speedHints,
} from '@lightpath/domain/services';
import {
  Accordion,
  Autocomplete,
  Button,
  Divider,
  Grid,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { formLevelKey } from '../../../lib/zod-form';
import { HandoffFinder } from './handoff-finder';
import { PatchingFields } from './patching-fields';
import { ServiceIdPreview, SimilarServices } from './service-id-preview';
import { SlaTargetInput } from './sla-target-input';
import { useNewServiceForm } from './use-new-service-form';

type Props = { opened: boolean; onClose: () => void };

// The hints of spec 5 plus the speeds B and D prefill.
const speedOptions = [
  ...new Set<string>([
    ...speedHints,
    ...serviceLetters.map(defaultSpeedFor).filter((speed): speed is string => speed !== null),
  ]),
];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={3} fz="sm" c="dimmed" tt="uppercase" style={{ letterSpacing: 0.4 }}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

// Spec 2.6 / 5: the New Service modal (NOC only). The id is composed from the customer's code, the
// two sites' numbers, a sequence and the type letter; the domain schema gives every message.
export function NewServiceModal({ opened, onClose }: Props) {
  const fullScreen = useMediaQuery('(max-width: 48em)');
  const { form, customer, sites, serviceId, choose, logicalB, sections, close, submit, submitting } =
    useNewServiceForm({ opened, onClose });
  const values = form.values;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="New service"
      size="xl"
      fullScreen={fullScreen}
      closeOnClickOutside={false}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <Section title="Identity">
            <Select
              label="Customer"
              required
              searchable
              data-autofocus
              placeholder={customer.loading ? 'Loading customers…' : 'Choose a customer'}
              nothingFoundMessage="No matching customer"
              data={customer.options}
              {...form.getInputProps('customerid')}
              onChange={choose.customer}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label="Site A"
                required
                searchable
                disabled={!customer.chosen}
                placeholder={
                  !customer.chosen
                    ? 'Choose the customer first'
                    : sites.loading
                      ? 'Loading sites…'
                      : 'Choose site A'
                }
                nothingFoundMessage="No enabled site matches"
                data={sites.aOptions}
                {...form.getInputProps('aendsiteid')}
                onChange={(value) => choose.site('a', value)}
              />
              <Select
                label="Site B"
                required
                searchable
                disabled={!customer.chosen}
                placeholder={
                  !customer.chosen
                    ? 'Choose the customer first'
                    : sites.loading
                      ? 'Loading sites…'
                      : 'Choose site B'
                }
                description="A customer site or one of the provider's sites"
                nothingFoundMessage="No enabled site matches"
                data={sites.bOptions}
                {...form.getInputProps('bendsiteid')}
                onChange={(value) => choose.site('b', value)}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NumberInput
                label="Sequence"
                description="1 to 99, keeps services between the same two sites apart"
                required
                min={1}
                max={99}
                allowDecimal={false}
                allowNegative={false}
                {...form.getInputProps('sequence')}
                onChange={choose.sequence}
              />
              <Select
                label="Type"
                required
                searchable
                placeholder="Choose a type"
                data={serviceLetters.map((letter) => ({
                  value: letter,
                  label: `${letter} · ${serviceTypes[letter].name}`,
                }))}
                {...form.getInputProps('letter')}
                onChange={choose.letter}
              />
            </SimpleGrid>
            <ServiceIdPreview
              serviceid={serviceId.value}
              valid={serviceId.valid}
              checking={serviceId.checking}
              exists={serviceId.taken}
              error={form.errors.serviceid}
            />
            {sites.a && sites.b && (
              <SimilarServices
                loading={serviceId.similar.loading}
                services={serviceId.similar.services}
                suggested={serviceId.suggestedSequence}
                sequence={values.sequence}
                onUseSuggested={choose.sequence}
              />
            )}
          </Section>
          <Divider />
          <Section title="Details">
            <TextInput label="Description" required {...form.getInputProps('description')} />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Autocomplete
                label="Speed"
                placeholder="e.g. 1G"
                description={`Usually ${speedHints.join(' or ')}`}
                data={speedOptions}
                {...form.getInputProps('speed')}
              />
              <Select
                label="Diversity"
                required
                placeholder="Primary or Backup"
                data={[...diversities]}
                {...form.getInputProps('diversity')}
              />
              <Select
                label="Status"
                required
                placeholder="Choose a status"
                data={Object.entries(serviceStatuses).map(([value, label]) => ({ value, label }))}
                {...form.getInputProps('status')}
              />
            </SimpleGrid>
            <Grid>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <TextInput
                  label="Provisioning date"
                  type="date"
                  required
                  {...form.getInputProps('provisiondate')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 3 }}>
                <SlaTargetInput letter={values.letter} {...form.getInputProps('slatarget')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 5 }}>
                <TextInput
                  label="Path"
                  placeholder="Route through the network"
                  {...form.getInputProps('path')}
                />
              </Grid.Col>
            </Grid>
            <Textarea label="Notes" autosize minRows={2} {...form.getInputProps('notes')} />
          </Section>
          <Accordion multiple value={sections.open} onChange={sections.set} variant="separated">
            <Accordion.Item value="handoffs">
              <Accordion.Control>Handoffs and port ids (optional)</Accordion.Control>
              <Accordion.Panel>
                <Stack gap="sm">
                  <HandoffFinder
                    serviceid={serviceId.value}
                    selected={{ A: values.aendportid, B: values.bendportid }}
                    onPick={choose.handoffPort}
                  />
                  <SimpleGrid cols={{ base: 1, sm: 3 }}>
                    <TextInput label="A end port id" {...form.getInputProps('aendportid')} />
                    <TextInput label="B end port id" {...form.getInputProps('bendportid')} />
                    <TextInput label="Juniper port id" {...form.getInputProps('juniperportid')} />
                  </SimpleGrid>
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
            <Accordion.Item value="patching">
              <Accordion.Control>Patching (optional)</Accordion.Control>
              <Accordion.Panel>
                <PatchingFields form={form} hideBEnd={logicalB} bsiteName={sites.b?.sitename} />
              </Accordion.Panel>
            </Accordion.Item>
          </Accordion>
          {form.errors[formLevelKey] && (
            <Text c="red" fz="sm" role="alert">
              {form.errors[formLevelKey]}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={submitting} disabled={serviceId.taken}>
              Create service
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
