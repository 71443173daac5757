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
import { siteOption, useNewServiceForm } from './use-new-service-form';

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
  const {
    form,
    values,
    customers,
    customer,
    aSites,
    ownB,
    asite,
    bsite,
    sitesLoading,
    customerOptions,
    bOptions,
    chooseCustomer,
    chooseSite,
    chooseLetter,
    setSequenceTouched,
    serviceid,
    idValid,
    checkedId,
    exists,
    existsNow,
    similar,
    suggested,
    sections,
    setSections,
    logicalB,
    close,
    submit,
    createService,
  } = useNewServiceForm({ opened, onClose });

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
              placeholder={customers.isPending ? 'Loading customers…' : 'Choose a customer'}
              nothingFoundMessage="No matching customer"
              data={customerOptions}
              {...form.getInputProps('customerid')}
              onChange={chooseCustomer}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label="Site A"
                required
                searchable
                disabled={!customer}
                placeholder={
                  !customer ? 'Choose the customer first' : sitesLoading ? 'Loading sites…' : 'Choose site A'
                }
                nothingFoundMessage="No enabled site matches"
                data={aSites.map(siteOption)}
                {...form.getInputProps('aendsiteid')}
                onChange={(value) => chooseSite('a', value, aSites)}
              />
              <Select
                label="Site B"
                required
                searchable
                disabled={!customer}
                placeholder={
                  !customer ? 'Choose the customer first' : sitesLoading ? 'Loading sites…' : 'Choose site B'
                }
                description="A customer site or one of the provider's sites"
                nothingFoundMessage="No enabled site matches"
                data={bOptions}
                {...form.getInputProps('bendsiteid')}
                onChange={(value) => chooseSite('b', value, [...aSites, ...ownB])}
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
                onChange={(value) => {
                  setSequenceTouched(true);
                  form.setFieldValue('sequence', value);
                }}
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
                onChange={chooseLetter}
              />
            </SimpleGrid>
            <ServiceIdPreview
              serviceid={serviceid}
              valid={idValid}
              checking={idValid && (checkedId !== serviceid || exists.isFetching)}
              exists={existsNow}
              error={form.errors.serviceid}
            />
            {asite && bsite && (
              <SimilarServices
                loading={similar.isPending}
                services={similar.data?.results ?? []}
                suggested={suggested}
                sequence={values.sequence}
                onUseSuggested={(value) => {
                  setSequenceTouched(true);
                  form.setFieldValue('sequence', value);
                }}
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
              <Grid.Col span={{ base: 12, sm: 8 }}>
                <TextInput
                  label="Path"
                  placeholder="Route through the network"
                  {...form.getInputProps('path')}
                />
              </Grid.Col>
            </Grid>
            <Textarea label="Notes" autosize minRows={2} {...form.getInputProps('notes')} />
          </Section>
          <Accordion multiple value={sections} onChange={setSections} variant="separated">
            <Accordion.Item value="handoffs">
              <Accordion.Control>Handoffs and port ids (optional)</Accordion.Control>
              <Accordion.Panel>
                <Stack gap="sm">
                  <HandoffFinder
                    serviceid={serviceid}
                    selected={{ A: values.aendportid, B: values.bendportid }}
                    onPick={(end, port) => {
                      const endKey = end === 'A' ? 'a' : 'b';
                      form.setFieldValue(end === 'A' ? 'aendportid' : 'bendportid', port.uuid);
                      // The port's name goes into the patching too, unless one is there already.
                      if (values.patching[`${endKey}endport`] === '' && !(end === 'B' && logicalB))
                        form.setFieldValue(`patching.${endKey}endport`, port.port);
                    }}
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
                <PatchingFields form={form} hideBEnd={logicalB} bsiteName={bsite?.sitename} />
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
            <Button type="submit" loading={createService.isPending} disabled={existsNow}>
              Create service
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
