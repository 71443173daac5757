import { integrationMessages } from '@lightpath/domain/integrations';
import { can } from '@lightpath/domain/permissions';
import { EmptyState, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { LoadError } from '../../../components/load-error';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { useIntegrations } from '../../../features/integrations/api/list-integrations';
import { IntegrationCard } from '../../../features/integrations/components/integration-card';
import { useSession } from '../../../lib/session';
import { displayTimeZone } from '../../../lib/time-zone';
import { usePageTitle } from '../../../lib/use-page-title';

const crumbs = [{ label: 'Administration' }, { label: 'Integrations' }];

// Administration → Integrations (decisions.md, External systems; docs/decisions/018): which external
// systems are real and which simulated, where they are, and how the last calls to them went.
export function IntegrationsPage() {
  usePageTitle('Integrations');
  const { actor } = useSession();
  const allowed = can(actor, 'integrations.view');
  const integrations = useIntegrations(allowed);

  const header = (
    <PageHeader
      title="Integrations"
      crumbs={crumbs}
      description={`Each external system, real or stand-in, and the last calls to it as any portal server recorded them. Times are in ${displayTimeZone()}.`}
    />
  );
  if (!allowed) {
    return (
      <>
        {header}
        <NoAccess what="the integrations" />
      </>
    );
  }
  return (
    <>
      {header}
      {integrations.isPending ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} aria-busy="true" aria-label="Loading integrations">
          {Array.from({ length: 4 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={i} h={150} radius="lg" />
          ))}
        </SimpleGrid>
      ) : integrations.isError ? (
        <LoadError
          error={integrations.error}
          what="the integrations"
          onRetry={() => integrations.refetch()}
        />
      ) : integrations.data.results.length === 0 ? (
        <EmptyState
          mt="xl"
          icon={<IconPlugConnected size={28} />}
          withIndicatorBackground
          title={integrationMessages.none}
        />
      ) : (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {integrations.data.results.map((integration) => (
              <IntegrationCard key={integration.system} integration={integration} />
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </>
  );
}
