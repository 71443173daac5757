import { type LoaVerification, loaMessages } from '@lightpath/domain/loa';
import { defaultPortalTimeZone, formatZonedDateTime } from '@lightpath/domain/time';
import { Anchor, Box, Center, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconHelpCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { LightpathMark } from '../../../components/lightpath-mark';
import { useLoaVerification } from '../../../features/colocation/api/verify-loa';
import { describeError } from '../../../lib/api-client';
import { telHref } from '../../../lib/format';
import { usePortalInfo } from '../../../lib/queries/get-portal-info';
import { usePageTitle } from '../../../lib/use-page-title';

type Answer = { color: string; icon: ReactNode; heading: string; detail: string };

// What each answer says. Nothing about the letter is shown beyond it: the page is public, and the
// token alone must not reveal whose cable it is or where (docs/decisions/033).
function answerFor(verification: LoaVerification, zone: string): Answer {
  switch (verification.status) {
    case 'valid':
      return {
        color: 'teal',
        icon: <IconCircleCheck size={30} />,
        heading: 'Valid',
        detail: `This letter was issued by this portal and is valid until ${formatZonedDateTime(verification.expires, zone)}.`,
      };
    case 'expired':
      return {
        color: 'red',
        icon: <IconAlertTriangle size={30} />,
        heading: 'Expired',
        detail:
          'This letter is no longer valid: it has lapsed, or the cross-connect it names has changed since it was issued. Ask the customer for a new one.',
      };
    default:
      return {
        color: 'gray',
        icon: <IconHelpCircle size={30} />,
        heading: 'Unknown',
        detail:
          'This portal did not issue this letter, or the link is incomplete. Check that the whole link was opened, or scan the code again.',
      };
  }
}

// /loa/verify/{token}: where a letter's QR code leads. Public, outside the signed-in shell, made for a
// phone held up to a printout at a data-centre door.
export function LoaVerifyPage() {
  usePageTitle(`Check a ${loaMessages.title}`);
  const { token = '' } = useParams();
  const portal = usePortalInfo();
  const verification = useLoaVerification(token);
  const zone = portal.data?.timezone ?? defaultPortalTimeZone;
  const provider = portal.data?.provider.name;
  const phone = portal.data?.supportphone;

  return (
    <Box component="main" mih="100dvh" px="md" py={{ base: 'lg', sm: 48 }} bg="var(--mantine-color-body)">
      <Stack gap="lg" maw={480} mx="auto">
        <LightpathMark size={32} withName />
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} shadow="xs">
          <Stack gap="md">
            <div>
              <Title order={1} fz={{ base: 22, sm: 26 }}>
                {loaMessages.title}
              </Title>
              {provider && (
                <Text c="dimmed" fz="sm">
                  Checked with {provider}
                </Text>
              )}
            </div>
            <div aria-live="polite">
              {verification.isPending ? (
                <Center py="lg">
                  <Loader size="sm" aria-label="Checking the letter" />
                </Center>
              ) : verification.isError ? (
                <Text role="alert" c="red.8" fz="sm">
                  {loaMessages.verifyFailed} ({describeError(verification.error)})
                </Text>
              ) : (
                <Verdict answer={answerFor(verification.data, zone)} />
              )}
            </div>
          </Stack>
        </Paper>
        <Text fz="sm" c="dimmed">
          This page answers only whether a letter is valid. It shows nothing else about the letter, the
          customer or the site.
          {phone && (
            <>
              {' '}
              In doubt, call the {provider ?? 'network'} NOC on{' '}
              <Anchor href={telHref(phone)} fz="sm">
                {phone}
              </Anchor>
              .
            </>
          )}
        </Text>
      </Stack>
    </Box>
  );
}

function Verdict({ answer }: { answer: Answer }) {
  return (
    <Stack gap="sm">
      <Stack gap="xs" align="flex-start">
        <ThemeIcon size={52} radius="xl" variant="light" color={answer.color} aria-hidden="true">
          {answer.icon}
        </ThemeIcon>
        <Text fz={28} fw={700} lh={1.1} data-testid="loa-status">
          {answer.heading}
        </Text>
      </Stack>
      <Text fz="md">{answer.detail}</Text>
    </Stack>
  );
}
