import { searchPopoverResults, searchResultsRoute } from '@lightpath/domain/search';
import {
  ActionIcon,
  Box,
  Combobox,
  Group,
  Kbd,
  Loader,
  Popover,
  Stack,
  Text,
  TextInput,
  useCombobox,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowRight, IconSearch } from '@tabler/icons-react';
import { type KeyboardEvent, type RefObject, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSearch } from '../../features/search/api/search';
import { SearchKindBadge } from '../../features/search/components/search-kind-badge';
import { type PopoverOption, popoverOptions, popoverView } from '../../features/search/search-popover';

export function searchPath(text: string): string | null {
  const trimmed = text.trim();
  return trimmed ? searchResultsRoute(trimmed) : null;
}

function typingInField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

// '/' jumps to the search box from anywhere that is not already a text field (and no modal is open).
function useSlashToFocus(onSlash: () => void) {
  const fire = useEffectEvent(onSlash);
  useEffect(() => {
    const listener = (event: globalThis.KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (typingInField(event.target) || document.querySelector('[role="dialog"][aria-modal="true"]')) return;
      event.preventDefault();
      fire();
    };
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);
}

// Spec 9: the popover waits for a pause in typing (~150 ms) before it asks the server.
const typingPause = 150;

type BoxProps = {
  value: string;
  onChange: (value: string) => void;
  inputRef: RefObject<HTMLInputElement | null>;
  // The compact box sits inside the phone's popover: its dropdown must stay inside that popover too,
  // or a tap on a result would count as a click outside and close everything first.
  compact: boolean;
  onDone: () => void;
};

function OptionRow({ option }: { option: PopoverOption }) {
  if (option.value === 'more' || option.value === 'advanced') {
    return (
      <Group gap={6} wrap="nowrap" justify="space-between">
        <Text fz="sm" fw={500} c="indigo.7">
          {option.label}
        </Text>
        <IconArrowRight size={14} aria-hidden="true" />
      </Group>
    );
  }
  return (
    <Stack gap={2}>
      <Group gap={6} wrap="nowrap">
        {option.kind && <SearchKindBadge kind={option.kind} />}
        <Text fz="sm" fw={500} truncate>
          {option.label}
        </Text>
      </Group>
      {option.detail && (
        <Text fz="xs" c="dimmed" truncate>
          {option.detail}
        </Text>
      )}
    </Stack>
  );
}

function SearchBox({ value, onChange, inputRef, compact, onDone }: BoxProps) {
  const navigate = useNavigate();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [debounced] = useDebouncedValue(value, typingPause);
  const live = popoverView(value);
  const settled = popoverView(debounced);
  const term = settled.state === 'ready' ? settled.term : '';
  const results = useSearch({ q: term, limit: searchPopoverResults, offset: 0 }, term !== '');
  const options = live.state === 'ready' && results.data ? popoverOptions(live.term, results.data) : [];
  const resultCount = options.filter((o) => o.value.startsWith('result:')).length;

  const go = (to: string, clear: boolean) => {
    combobox.closeDropdown();
    if (clear) onChange('');
    inputRef.current?.blur();
    onDone();
    navigate(to);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      // A highlighted option is the combobox's to open; otherwise Enter searches the typed text.
      if (combobox.dropdownOpened && combobox.getSelectedOptionIndex() !== -1) return;
      const path = searchPath(value);
      if (!path) return;
      event.preventDefault();
      go(path, false);
    } else if (event.key === 'Escape' && !combobox.dropdownOpened) {
      event.currentTarget.blur();
      onDone();
    }
  };

  const stale = results.isPlaceholderData || (live.state === 'ready' && live.term !== term);

  return (
    <Combobox
      store={combobox}
      width={compact ? 'target' : 380}
      position="bottom-start"
      shadow="md"
      withinPortal={!compact}
      onOptionSubmit={(selected) => {
        const option = options.find((o) => o.value === selected);
        if (option) go(option.to, option.value.startsWith('result:'));
      }}
    >
      <Combobox.Target withExpandedAttribute>
        <TextInput
          ref={inputRef}
          value={value}
          onChange={(event) => {
            onChange(event.currentTarget.value);
            combobox.openDropdown();
            combobox.resetSelectedOption();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={onKeyDown}
          placeholder="Search services, sites, users…"
          aria-label="Search"
          type="search"
          autoFocus={compact}
          leftSection={<IconSearch size={16} />}
          rightSection={
            results.isFetching && term !== '' ? (
              <Loader size={14} aria-label="Searching" />
            ) : compact ? null : (
              <Kbd size="xs">/</Kbd>
            )
          }
          rightSectionPointerEvents="none"
          radius="xl"
          w="100%"
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options aria-label="Search results" style={{ opacity: stale ? 0.65 : 1 }}>
          {live.state !== 'ready' ? (
            <Combobox.Empty>{live.message}</Combobox.Empty>
          ) : results.isError ? (
            <Combobox.Empty>
              Search is not available right now. Press Enter to try the results page.
            </Combobox.Empty>
          ) : !results.data ? (
            <Combobox.Empty>Searching…</Combobox.Empty>
          ) : (
            <>
              {resultCount === 0 && <Combobox.Empty>No matches for “{live.term}”</Combobox.Empty>}
              {options.map((option) => (
                <Combobox.Option
                  key={option.value}
                  value={option.value}
                  style={
                    option.value === 'more' || option.value === 'advanced'
                      ? { borderTop: '1px solid var(--mantine-color-default-border)' }
                      : undefined
                  }
                >
                  <OptionRow option={option} />
                </Combobox.Option>
              ))}
            </>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}

export function HeaderSearch() {
  const [value, setValue] = useState('');
  const [mobileOpen, setMobileOpen] = useState(false);
  const wideInput = useRef<HTMLInputElement>(null);
  const narrowInput = useRef<HTMLInputElement>(null);

  useSlashToFocus(() => {
    // The wide box is display:none on a phone; open the compact one instead.
    if (wideInput.current?.offsetParent) wideInput.current.focus();
    else setMobileOpen(true);
  });

  return (
    <>
      <Box visibleFrom="md" style={{ flex: 1, maxWidth: 420, minWidth: 180 }}>
        <SearchBox value={value} onChange={setValue} inputRef={wideInput} compact={false} onDone={() => {}} />
      </Box>
      <Popover
        opened={mobileOpen}
        onChange={setMobileOpen}
        width={300}
        position="bottom"
        shadow="md"
        trapFocus
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label="Search"
            hiddenFrom="md"
            onClick={() => setMobileOpen((o) => !o)}
          >
            <IconSearch size={20} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>
          <SearchBox
            value={value}
            onChange={setValue}
            inputRef={narrowInput}
            compact
            onDone={() => setMobileOpen(false)}
          />
        </Popover.Dropdown>
      </Popover>
    </>
  );
}
