import { Alert, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MESSAGE_MAX, type Thread } from '@zorgportaal/contract';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { showServerFieldErrors } from '../../../lib/form.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { withFeedback } from '../../../lib/mutation-feedback.ts';
import { useAnswer } from '../api/communication.ts';
import { validateAnswer } from '../utils/forms.ts';
import { InrValueLine } from './inr-value-line.tsx';
import { PriorityBadge } from './priority-badge.tsx';

/** One thread: its messages, oldest first, and the answer form. */
export function ThreadView({ thread }: { thread: Thread }) {
  const { t } = useTranslation();
  const answer = useAnswer(thread.Id);
  const form = useForm({ initialValues: { Body: '' }, validate: (values) => validateAnswer(t, values) });
  const submit = form.onSubmit((values) => {
    void withFeedback(answer.mutateAsync({ Body: values.Body.trim() }), {
      onSuccess: () => form.reset(),
      onError: (error) => showServerFieldErrors(form, error),
    });
  });
  return (
    <Stack gap="sm" data-testid="thread-view">
      <Group gap="xs">
        <Title order={2} size="h3" data-testid="thread-subject">
          {thread.Subject}
        </Title>
        <PriorityBadge priority={thread.Priority} />
      </Group>
      <Text size="sm" c="dark.6">
        {thread.FromEntityName} → {thread.ToEntityName} ({thread.ToGroupName})
        {thread.PatientName
          ? ` · ${t('communication.about', 'Over {{name}}', { name: thread.PatientName })}`
          : ''}
      </Text>
      {thread.OrderId !== null ? (
        <Text size="sm" data-testid="thread-order">
          {t('communication.aboutOrder', 'Over bestelling {{id}}', { id: thread.OrderId })}
        </Text>
      ) : null}
      {thread.InrValue !== null && thread.PatientId !== null ? (
        <InrValueLine value={thread.InrValue} patientId={thread.PatientId} />
      ) : null}
      <Stack
        gap="xs"
        component="ol"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={t('communication.messages', 'Berichten')}
      >
        {thread.Messages.map((message) => (
          <Paper
            key={message.Id}
            component="li"
            withBorder
            p="sm"
            radius="md"
            bg={message.Own ? 'blue.0' : undefined}
            ml={message.Own ? 'xl' : 0}
            mr={message.Own ? 0 : 'xl'}
            data-testid="message"
          >
            <Text size="sm" fw={600}>
              {message.Own ? t('communication.you', 'U') : message.AuthorName} · {message.AuthorEntityName}
            </Text>
            <Text size="xs" c="dark.6">
              {formatDateTime(message.SentAt)}
            </Text>
            <Text mt={4} style={{ whiteSpace: 'pre-line' }} data-testid="message-body">
              {message.Body}
            </Text>
          </Paper>
        ))}
      </Stack>
      <form onSubmit={submit} noValidate>
        <Stack gap="xs">
          <Textarea
            label={t('communication.answer', 'Antwoord')}
            autosize
            minRows={2}
            maxRows={8}
            maxLength={MESSAGE_MAX}
            {...form.getInputProps('Body')}
            data-testid="answer-body"
          />
          {answer.isError && !form.errors.Body ? (
            <Alert color="red" data-testid="answer-error">
              {apiErrorMessage(t, answer.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" loading={answer.isPending} data-testid="answer-send">
              {t('communication.send', 'Versturen')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
