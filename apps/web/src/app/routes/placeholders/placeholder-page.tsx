import { can } from '@lightpath/domain/permissions';
import { Alert, Button, EmptyState, Group, Paper } from '@mantine/core';
import { IconBarrierBlock, IconInfoCircle } from '@tabler/icons-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import {
  actionTargets,
  isNavAction,
  type PlaceholderRoute,
  placeholderTitle,
} from '../../../features/placeholders/placeholder-routes';
import { useSession } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';

export function PlaceholderPage({ route }: { route: PlaceholderRoute }) {
  const params = useParams();
  const [searchParams] = useSearchParams();
  const { actor } = useSession();
  const title = placeholderTitle(route, params);
  usePageTitle(title);

  const action = searchParams.get('action');
  const allowed = !route.permission || can(actor, route.permission);

  return (
    <>
      <PageHeader title={title} crumbs={[...(route.section ? [route.section] : []), { label: title }]} />
      {!allowed ? (
        <NoAccess what={title} />
      ) : (
        <>
          {isNavAction(action) && (
            <Alert variant="light" color="indigo" icon={<IconInfoCircle size={18} />} mb="md">
              The {actionTargets[action].label} form is not available yet. It arrives together with the{' '}
              {route.area} area.
            </Alert>
          )}
          <Paper withBorder radius="md" p="xl">
            <EmptyState
              py="xl"
              icon={<IconBarrierBlock size={30} />}
              variant="light"
              title="This area is not available yet"
              description={`The ${route.area} area of Lightpath is still being built. Nothing is missing from your account: once it is live, it will appear right here.`}
            >
              <EmptyState.Actions>
                <Group justify="center">
                  <Button component={Link} to="/" variant="default">
                    Back to the dashboard
                  </Button>
                </Group>
              </EmptyState.Actions>
            </EmptyState>
          </Paper>
        </>
      )}
    </>
  );
}
