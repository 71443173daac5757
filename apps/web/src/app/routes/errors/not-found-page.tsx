import { Button } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { ErrorScreen } from '../../../features/errors/components/error-screen';
import { usePageTitle } from '../../../lib/use-page-title';

export function NotFoundPage() {
  usePageTitle('Page not found');
  const navigate = useNavigate();
  return (
    <ErrorScreen
      code="404"
      title="Page not found"
      description="The page you were looking for does not exist or has moved. Check the address, or head back to the dashboard."
      actions={
        <>
          <Button variant="default" onClick={() => navigate(-1)}>
            Go back
          </Button>
          <Button component={Link} to="/">
            Dashboard
          </Button>
        </>
      }
    />
  );
}
