import { Button, Group, Loader, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatPerson } from '@ki/contracts';
import { useColleagues } from '../api/colleagues';
import { OnlineDot } from './online-dot';

/** A colleague's role (and schools, when the server names them) under their name. */
/** A colleague as both lists show them: their online dot, their name, and their role and schools below it. */
function PersonLabel({ person }: { person: ChatPerson }) {
  const { t } = useTranslation('chat');
  return (
    <>
      <OnlineDot userId={person.id} />
      <span style={{ minWidth: 0 }}>
        <Text span display="block" size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {person.name}
        </Text>
        <Text span display="block" size="xs" c="dimmed" lineClamp={1}>
          {[t(`roles.${person.role}`), person.schools].filter(Boolean).join(' · ')}
        </Text>
      </span>
    </>
  );
}

/** The search box over the chain's colleagues (the server searches by name, 50 at a time). */
function useColleagueSearch() {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const colleagues = useColleagues(q);
  return { search, setSearch, colleagues };
}

function SearchBox({ value, onChange, loading }: { value: string; onChange: (v: string) => void; loading: boolean }) {
  const { t } = useTranslation('chat');
  return (
    <TextInput
      label={t('picker.search')}
      placeholder={t('picker.searchPlaceholder')}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      rightSection={loading ? <Loader size="xs" /> : null}
      data-testid="people-search"
    />
  );
}

/**
 * Several colleagues for a group: a search, the chain's colleagues as checkboxes, and the chosen
 * ones as buttons that take them out again (they stay chosen while the search shows others). `exclude`: already in the group.
 * `max`: how many may be chosen (a meeting's); once reached, the others cannot be ticked.
 */
export function PeoplePicker({
  value,
  onChange,
  exclude = [],
  error,
  max,
}: {
  value: ChatPerson[];
  onChange: (people: ChatPerson[]) => void;
  exclude?: readonly number[];
  error?: string | null;
  max?: number;
}) {
  const { t } = useTranslation('chat');
  const { search, setSearch, colleagues } = useColleagueSearch();
  const chosen = new Set(value.map((p) => p.id));
  const toggle = (person: ChatPerson) =>
    onChange(chosen.has(person.id) ? value.filter((p) => p.id !== person.id) : [...value, person]);
  const people = (colleagues.data ?? []).filter((p) => !exclude.includes(p.id));
  const full = max !== undefined && value.length >= max;
  return (
    <Stack gap="xs">
      <SearchBox value={search} onChange={setSearch} loading={colleagues.isFetching} />
      <Text size="sm" fw={500} id="picker-people">
        {t('picker.people')}
      </Text>
      {value.length > 0 ? (
        <Group gap={4} data-testid="people-chosen">
          {value.map((p) => (
            <Button
              key={p.id}
              size="compact-sm"
              variant="light"
              radius="xl"
              rightSection={<IconX size={14} aria-hidden="true" />}
              onClick={() => toggle(p)}
              aria-label={t('picker.unchoose', { name: p.name })}
            >
              {p.name}
            </Button>
          ))}
        </Group>
      ) : null}
      <ScrollArea.Autosize mah={240} type="auto">
        <Stack gap={6} role="group" aria-labelledby="picker-people" data-testid="people-list">
          {people.map((person) => (
            // A native checkbox in its label: the whole row toggles, and it reads as a checkbox.
            <label key={person.id} className="chat-person chat-check" data-testid="person-option">
              <input
                type="checkbox"
                checked={chosen.has(person.id)}
                disabled={full && !chosen.has(person.id)}
                onChange={() => toggle(person)}
              />
              <PersonLabel person={person} />
            </label>
          ))}
          {colleagues.isSuccess && people.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('empty.colleagues')}
            </Text>
          ) : null}
        </Stack>
      </ScrollArea.Autosize>
      {error ? (
        <Text size="sm" c="red" role="alert" data-testid="people-error">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

/** One colleague to chat with: a search and the colleagues as buttons. */
export function PersonChooser({ onChoose, busy }: { onChoose: (person: ChatPerson) => void; busy: boolean }) {
  const { t } = useTranslation('chat');
  const { search, setSearch, colleagues } = useColleagueSearch();
  const people = colleagues.data ?? [];
  return (
    <Stack gap="xs">
      <SearchBox value={search} onChange={setSearch} loading={colleagues.isFetching} />
      <ScrollArea.Autosize mah={320} type="auto">
        <Stack gap={2}>
          {people.map((person) => (
            <UnstyledButton
              key={person.id}
              onClick={() => onChoose(person)}
              disabled={busy}
              className="chat-person"
              data-testid="person-choice"
            >
              <Group gap="xs" wrap="nowrap">
                <PersonLabel person={person} />
              </Group>
            </UnstyledButton>
          ))}
          {colleagues.isSuccess && people.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('empty.colleagues')}
            </Text>
          ) : null}
        </Stack>
      </ScrollArea.Autosize>
    </Stack>
  );
}
