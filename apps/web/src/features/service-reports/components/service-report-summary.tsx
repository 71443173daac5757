import { type ServiceReport, serviceReportMessages } from '@lightpath/domain/service-reports';
import { formatAvailability } from '@lightpath/domain/sla-reports';
import { Anchor, Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fz="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

const minutes = (value: number) => `${value.toFixed(1)} min`;

// What the service is and how available it was against its target over the period.
export function ServiceReportSummary({ report }: { report: ServiceReport }) {
  const { service, availability } = report;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" verticalSpacing="sm">
        <Fact label="Service">
          <Anchor component={Link} to={`/service/${encodeURIComponent(service.serviceid)}`} ff="monospace">
            {service.serviceid}
          </Anchor>
          <Text fz="xs" c="dimmed">
            {service.description}
          </Text>
        </Fact>
        <Fact label="Customer">
          {service.customername} ({service.customercode})
        </Fact>
        <Fact label="Type and line rate">
          {service.typename}
          {service.speed ? ` · ${service.speed}` : ''}
        </Fact>
        <Fact label="Sites">
          {service.aendsite}
          {service.bendsite ? ` to ${service.bendsite}` : ''}
        </Fact>
      </SimpleGrid>
      <Group gap="xl" align="flex-end" wrap="wrap">
        <Fact label={`SLA target (${service.contracted ? 'contracted' : 'standard for the type'})`}>
          <Text fz="lg" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {service.target.toFixed(3)}%
          </Text>
        </Fact>
        {availability ? (
          <>
            <Fact label="Availability">
              <Group gap="xs" wrap="nowrap">
                <Text fz="lg" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatAvailability(availability.availability)}
                </Text>
                <Badge variant="light" color={availability.met ? 'teal' : 'red'}>
                  {availability.met ? 'Target met' : 'Target breached'}
                </Badge>
              </Group>
            </Fact>
            <Fact label="Counted downtime">
              {minutes(availability.downtime)} in {availability.outages}{' '}
              {availability.outages === 1 ? 'outage' : 'outages'}
            </Fact>
            <Fact label="Scheduled, excluded">
              {minutes(availability.scheduled)}, {minutes(availability.excluded)}
            </Fact>
          </>
        ) : (
          <Text fz="sm" c="dimmed">
            {serviceReportMessages.notInService}.
          </Text>
        )}
      </Group>
    </Stack>
  );
}
