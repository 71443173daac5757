import { Button } from '@mantine/core';
import { ErrorScreen, ReloadButton } from '../../../features/errors/components/error-screen';
import { usePageTitle } from '../../../lib/use-page-title';

// Also the content of the error boundaries, which may sit outside the router: plain links only.
export function ServerErrorContent() {
  return (
    <ErrorScreen
      code="500"
      title="Something went wrong"
      description="Lightpath hit an unexpected problem showing this page. Reloading usually helps; if it keeps happening, call the NOC support line."
      actions={
        <>
          <ReloadButton />
          <Button component="a" href="/">
            Dashboard
          </Button>
        </>
      }
    />
  );
}

export function ServerErrorPage() {
  usePageTitle('Something went wrong');
  return <ServerErrorContent />;
}
