import { Button, Group, Paper, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type TargetGroup, type TargetRange, targetRangeBodySchema } from '@zorgportaal/contract';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../../../lib/api-errors.ts';
import { formatDateTime, formatDecimal } from '../../../lib/format.ts';
import { withFeedback } from '../../../lib/mutation-feedback.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useSetTargetRange } from '../api/trombosis.ts';

interface Values {
  Group: TargetGroup;
  Low: string;
  High: string;
}

const num = (text: string) => {
  const typed = text.trim().replace(',', '.');
  return typed === '' ? null : /^\d+(\.\d+)?$/.test(typed) ? Number(typed) : Number.NaN;
};
const bodyOf = (v: Values) =>
  v.Group === 'custom' ? { Group: v.Group, Low: num(v.Low), High: num(v.High) } : { Group: v.Group };

/** The patient's target range: the current one, its history, and (for the service) a change. */
export function TargetRangePanel({
  patientId,
  current,
  history,
  canWrite,
}: {
  patientId: number;
  current: TargetRange | null;
  history: readonly TargetRange[];
  canWrite: boolean;
}) {
  const { t } = useTranslation();
  const set = useSetTargetRange(patientId);
  const groupLabel = (g: TargetGroup) =>
    ({
      group1: t('trombosis.group.group1', 'Groep 1 (2,0–3,0)'),
      group2: t('trombosis.group.group2', 'Groep 2 (2,5–3,5)'),
      custom: t('trombosis.group.custom', 'Afwijkend'),
    })[g];
  const form = useForm<Values>({
    initialValues: {
      Group: current?.Group ?? 'group1',
      Low: current?.Group === 'custom' ? String(current.Low) : '',
      High: current?.Group === 'custom' ? String(current.High) : '',
    },
    validate: (values) => {
      const result = targetRangeBodySchema.safeParse(bodyOf(values));
      const errors: Record<string, string> = {};
      if (!result.success)
        for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
      return errors;
    },
  });
  // A new range replaces this panel (its key) when the values refresh: the toast follows the request.
  const submit = form.onSubmit((values) => {
    void withFeedback(set.mutateAsync(targetRangeBodySchema.parse(bodyOf(values))), {
      onSuccess: () => toastSuccess(t('trombosis.rangeSaved', 'Het streefgebied is vastgelegd.')),
      onError: (error) => form.setErrors(fieldErrors(error)),
    });
  });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="range-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="range-title">
          {t('trombosis.targetRange', 'Streefgebied')}
        </Title>
        <Text data-testid="target-range-current">
          {current
            ? t('trombosis.rangeCurrent', '{{group}}: {{low}}–{{high}}, sinds {{since}}', {
                group: groupLabel(current.Group),
                low: formatDecimal(current.Low),
                high: formatDecimal(current.High),
                since: formatDateTime(current.ValidFrom),
              })
            : t('trombosis.rangeNone', 'Nog geen streefgebied; waarden worden beoordeeld tegen groep 1.')}
        </Text>
        {history.length > 1 ? (
          <Text size="sm" c="dark.6">
            {t('trombosis.rangeEarlier', 'Eerder: {{list}}', {
              list: history
                .slice(1)
                .map(
                  (r) => `${formatDecimal(r.Low)}–${formatDecimal(r.High)} (${formatDateTime(r.ValidFrom)})`,
                )
                .join('; '),
            })}
          </Text>
        ) : null}
        {canWrite ? (
          <form onSubmit={submit} noValidate data-no-print data-testid="target-range-form">
            <Group align="flex-end" wrap="wrap" gap="sm">
              <SegmentedControl
                aria-label={t('trombosis.targetRange', 'Streefgebied')}
                data={(['group1', 'group2', 'custom'] as const).map((g) => ({
                  value: g,
                  label: groupLabel(g),
                }))}
                {...form.getInputProps('Group')}
              />
              {form.values.Group === 'custom' ? (
                <>
                  <TextInput
                    label={t('trombosis.low', 'Ondergrens')}
                    w={110}
                    inputMode="decimal"
                    {...form.getInputProps('Low')}
                  />
                  <TextInput
                    label={t('trombosis.high', 'Bovengrens')}
                    w={110}
                    inputMode="decimal"
                    {...form.getInputProps('High')}
                  />
                </>
              ) : null}
              <Button type="submit" variant="default" loading={set.isPending} data-testid="target-range-save">
                {t('trombosis.saveRange', 'Streefgebied vastleggen')}
              </Button>
            </Group>
          </form>
        ) : null}
      </Stack>
    </Paper>
  );
}
