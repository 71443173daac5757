import {
  type EventSummary,
  type EventTiming,
  eventMessages,
  eventTiming,
  eventTimingLabels,
  eventTypeLabel,
  eventTypes,
  normaliseEventType,
} from '@lightpath/domain/events';
import {
  Box,
  EmptyState,
  Group,
  Indicator,
  NavLink,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  usePopoverContext,
} from '@mantine/core';
import { IconBell, IconBellCheck } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useLatestEvents } from '../../features/events/api/list-latest-events';
import { formatDateTime } from '../../lib/format';
import { HeaderPopover } from './header-popover';

// An event moves from upcoming to in progress to ended with the clock, not only when it is edited,
// so the bell reads the time again every minute.
function useNowSeconds(everyMs = 60_000): number {
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000));
  useEffect(() => {
    const timer = setInterval(() => setNow(Math.floor(Date.now() / 1000)), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

function timingAt(event: EventSummary, now: number): EventTiming {
  const type = normaliseEventType(event.type);
  return type ? eventTiming({ type, starttime: event.starttime, endtime: event.endtime }, now) : event.timing;
}

function isHappeningNow(timing: EventTiming): boolean {
  return timing === 'ongoing' || timing === 'current';
}

function EventRow({ event, timing }: { event: EventSummary; timing: EventTiming }) {
  // Following an event closes the dropdown, as following 'All events' does.
  const popover = usePopoverContext();
  const type = normaliseEventType(event.type);
  const colour = type ? eventTypes[type].colour : 'gray';
  return (
    <NavLink
      component={Link}
      to={`/event/${event.eventid}`}
      onClick={popover.onClose}
      px="md"
      py={8}
      leftSection={
        <Box
          w={10}
          h={10}
          mt={5}
          style={{ borderRadius: '50%', background: `var(--mantine-color-${colour}-6)` }}
          aria-hidden
        />
      }
      styles={{ section: { alignSelf: 'flex-start' } }}
      label={
        <Text fz="sm" fw={500} lineClamp={2}>
          {event.title}
        </Text>
      }
      description={
        <>
          <Text component="span" fz="xs" c="dimmed" display="block">
            {eventTypeLabel(event.type)} · {eventTimingLabels[timing]}
          </Text>
          <Text component="span" fz="xs" c="dimmed" display="block">
            {formatDateTime(event.starttime)}
          </Text>
        </>
      }
    />
  );
}

function LoadingRows() {
  return (
    <Stack gap="sm" px="md" py="md" aria-label="Loading network events" aria-busy>
      {[0, 1, 2].map((row) => (
        <Group key={row} gap="sm" wrap="nowrap" align="flex-start">
          <Skeleton circle h={10} w={10} mt={4} />
          <Stack gap={6} style={{ flex: 1 }}>
            <Skeleton h={12} w="85%" />
            <Skeleton h={10} w="55%" />
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}

// The latest network events (spec 4: current, starting within a week or ended within one); the badge
// counts those affecting services right now. Kept current by the live stream (app/live).
export function EventsBell() {
  const latest = useLatestEvents();
  const now = useNowSeconds();
  const rows = (latest.data?.results ?? []).map((event) => ({ event, timing: timingAt(event, now) }));
  const happeningNow = rows.filter((row) => isHappeningNow(row.timing)).length;

  let content: ReactNode;
  if (latest.isPending) {
    content = <LoadingRows />;
  } else if (latest.isError) {
    content = (
      <Text px="md" py="lg" fz="sm" c="red.7" role="alert">
        {eventMessages.networkEventsFailed}
      </Text>
    );
  } else if (rows.length === 0) {
    content = (
      <EmptyState
        py="lg"
        px="md"
        size="sm"
        icon={<IconBellCheck size={22} />}
        variant="light"
        color="teal"
        title="No current network events"
        description="Outages, scheduled works and hazard windows affecting you will appear here."
      />
    );
  } else {
    content = (
      <ScrollArea.Autosize mah={420} type="auto">
        <Box py={4}>
          {rows.map(({ event, timing }) => (
            <EventRow key={event.eventid} event={event} timing={timing} />
          ))}
        </Box>
      </ScrollArea.Autosize>
    );
  }

  const shownCount = happeningNow > 9 ? '9+' : String(happeningNow);
  return (
    <HeaderPopover
      label="Network events"
      badge={happeningNow > 0 ? `${shownCount} happening now` : undefined}
      icon={
        <Indicator
          inline
          size={16}
          offset={2}
          color="red"
          label={shownCount}
          disabled={happeningNow === 0}
          data-testid="events-bell-count"
        >
          <IconBell size={20} />
        </Indicator>
      }
      allLink={{ to: '/events', label: 'All events' }}
      width={340}
    >
      {content}
    </HeaderPopover>
  );
}
