import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/SimpleGrid.css';
import {
  Alert,
  Box,
  Button,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import type { ThreadFilter } from '@zorgportaal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyMessage } from '../../../components/empty-message.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { COMPOSE_PARAMS, composeSubjectOf, useStreamLive } from '../../../lib/live-messages.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useThread, useThreads } from '../api/communication.ts';
import { ComposeDialog } from './compose-dialog.tsx';
import { ThreadList } from './thread-list.tsx';
import { ThreadView } from './thread-view.tsx';

const closedCompose = Object.fromEntries(COMPOSE_PARAMS.map((key) => [key, null]));

const FILTERS: readonly ThreadFilter[] = ['all', 'unread', 'patients'];
const isFilter = (value: string | null): value is ThreadFilter =>
  value !== null && (FILTERS as readonly string[]).includes(value);

/**
 * Communicatie: the inbox (filter in the address), the open thread beside it (below it on a tablet)
 * and "Nieuw bericht". New messages arrive through the event stream without a reload.
 */
export function CommunicationScreen({
  title,
  defaultFilter,
}: {
  title: string;
  defaultFilter: ThreadFilter;
}) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filter = isFilter(params.get('filter')) ? (params.get('filter') as ThreadFilter) : defaultFilter;
  const selected = Number(params.get('thread')) || null;
  // Another screen (orders, INR values) opens "Nieuw bericht" about its subject through the address.
  const subject = composeSubjectOf(params);
  const [composing, setComposing] = useState(false);
  const threads = useThreads(filter);
  const thread = useThread(selected);
  const live = useStreamLive();

  const update = (changes: Record<string, string | null>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null) next.delete(key);
        else next.set(key, value);
      }
      return next;
    });

  const rows = threads.data?.Rows ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <PageHeading title={title} />
        <Button onClick={() => setComposing(true)} data-testid="compose-open">
          {t('communication.compose', 'Nieuw bericht')}
        </Button>
      </Group>
      <Group justify="space-between">
        <SegmentedControl
          value={filter}
          onChange={(value) => update({ filter: value })}
          data={[
            { value: 'all', label: t('communication.filters.all', 'Alle') },
            { value: 'unread', label: t('communication.filters.unread', 'Ongelezen') },
            { value: 'patients', label: t('communication.filters.patients', 'Over cliënten') },
          ]}
          aria-label={t('communication.filters.label', 'Welke berichten')}
          data-testid="thread-filter"
        />
        <Text size="xs" c="dark.6" data-testid="stream-state">
          {live
            ? t('communication.live', 'Nieuwe berichten verschijnen vanzelf.')
            : t('communication.polling', 'Berichten worden elke 15 seconden ververst.')}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Box miw={0}>
          {threads.isPending ? (
            <Stack gap="xs" aria-busy="true">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} height={40} />
              ))}
            </Stack>
          ) : threads.isError ? (
            <LoadError
              message={t('communication.loadError', 'De berichten konden niet worden geladen.')}
              detail={apiErrorMessage(t, threads.error)}
              onRetry={() => void threads.refetch()}
            />
          ) : rows.length === 0 ? (
            <EmptyMessage
              title={t('communication.empty', 'Geen berichten.')}
              description={t('communication.emptyHint', 'Begin een gesprek met "Nieuw bericht".')}
              data-testid="threads-empty"
            />
          ) : (
            <ThreadList
              threads={rows}
              selectedId={selected}
              onSelect={(id) => update({ thread: String(id) })}
            />
          )}
        </Box>
        <Box miw={0}>
          <Paper
            withBorder
            p="md"
            radius="md"
            component="section"
            aria-label={t('communication.thread', 'Gesprek')}
          >
            {selected === null ? (
              <Text c="dark.6" data-testid="thread-none">
                {t('communication.pick', 'Kies een gesprek om het te lezen.')}
              </Text>
            ) : thread.isPending ? (
              <Skeleton height={160} aria-busy="true" />
            ) : thread.isError ? (
              <Alert color="red" data-testid="thread-error">
                {apiErrorMessage(t, thread.error)}
              </Alert>
            ) : (
              <ThreadView key={thread.data.Id} thread={thread.data} />
            )}
          </Paper>
        </Box>
      </SimpleGrid>
      {composing || subject ? (
        <ComposeDialog
          subject={subject}
          onClose={() => {
            setComposing(false);
            update(closedCompose);
          }}
          onSent={(sent) => {
            setComposing(false);
            toastSuccess(t('communication.sent', 'Het bericht is verstuurd.'));
            update({ ...closedCompose, thread: String(sent.Id) });
          }}
        />
      ) : null}
    </Stack>
  );
}
