import { Box, Button, Group, ScrollArea, Text } from '@mantine/core';
import { IconArrowDown, IconDownload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

type Props = {
  lines: string[];
  running: boolean;
  loading: boolean;
  onDownload: () => void;
};

// Within this many pixels of the end counts as "at the end": the view keeps following new lines.
const followSlack = 24;

// The job's output as AWX prints it. While the job runs new lines arrive at the end, and the view
// follows them until the reader scrolls up to read something; scrolling back to the end follows again.
export function JobOutputPanel({ lines, running, loading, onDownload }: Props) {
  const viewport = useRef<HTMLDivElement>(null);
  const [following, setFollowing] = useState(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: new lines are what moves the view
  useEffect(() => {
    const node = viewport.current;
    if (following && node) node.scrollTop = node.scrollHeight;
  }, [lines.length, following]);

  const onScroll = () => {
    const node = viewport.current;
    if (!node) return;
    setFollowing(node.scrollHeight - node.scrollTop - node.clientHeight <= followSlack);
  };

  return (
    <Box>
      <Group justify="space-between" mb="xs" gap="xs">
        <Text fz="xs" c="dimmed" aria-live="polite">
          {loading ? 'Loading output…' : `${lines.length} ${lines.length === 1 ? 'line' : 'lines'}`}
          {running ? ' · streaming' : ''}
        </Text>
        <Group gap="xs">
          {!following && running && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconArrowDown size={14} />}
              onClick={() => setFollowing(true)}
            >
              Follow output
            </Button>
          )}
          <Button
            size="xs"
            variant="default"
            leftSection={<IconDownload size={14} />}
            onClick={onDownload}
            disabled={lines.length === 0}
          >
            Download output
          </Button>
        </Group>
      </Group>
      <ScrollArea
        h={380}
        type="auto"
        viewportRef={viewport}
        onScrollPositionChange={onScroll}
        bg="var(--mantine-color-default-hover)"
        style={{ borderRadius: 'var(--mantine-radius-md)' }}
        // The output is a region a keyboard user can scroll.
        viewportProps={{ tabIndex: 0, 'aria-label': 'Job output' } as Record<string, unknown>}
      >
        <Box
          component="pre"
          m={0}
          p="sm"
          ff="monospace"
          fz="xs"
          data-testid="job-output"
          style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', lineHeight: 1.5 }}
        >
          {lines.length === 0 && !loading
            ? running
              ? 'Waiting for the first line…'
              : 'No output.'
            : lines.join('\n')}
        </Box>
      </ScrollArea>
    </Box>
  );
}
