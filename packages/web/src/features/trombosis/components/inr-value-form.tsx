import '@mantine/core/styles/SegmentedControl.css';
import { Group, Paper, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import dayjs from 'dayjs';
import {
  inrValueBodySchema,
  type InrMethod,
  type InrValue,
  type InrValueBodyInput,
} from '@zorgportaal/contract';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field.tsx';
import { fieldErrors } from '../../../lib/api-errors.ts';
import { withFeedback } from '../../../lib/mutation-feedback.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useAddInrValue } from '../api/trombosis.ts';
import { InterpretationBadge } from './interpretation-badge.tsx';
import { NoteAndSave } from './note-and-save.tsx';
import { formatDecimal } from '../../../lib/format.ts';

interface Values {
  Value: string;
  Date: string;
  Time: string;
  Method: InrMethod;
  Note: string;
}

/** The body the form would send: the value typed with a comma or a point, date and time as a local moment. */
export function inrBody(values: Values): InrValueBodyInput {
  const typed = values.Value.trim().replace(',', '.');
  const moment = dayjs(`${values.Date}T${values.Time}`);
  return {
    Value: typed === '' || !/^\d+(\.\d+)?$/.test(typed) ? Number.NaN : Number(typed),
    MeasuredAt: moment.isValid() && /^\d{2}:\d{2}$/.test(values.Time) ? moment.format() : values.Date,
    Method: values.Method,
    Note: values.Note,
  };
}

/** Enter an INR value: checked by the contract schema; the server also refuses a moment in the future. */
export function InrValueForm({ patientId }: { patientId: number }) {
  const { t } = useTranslation();
  const add = useAddInrValue(patientId);
  // The saved value's interpretation, right under the form: the table with it may be below the fold.
  const [saved, setSaved] = useState<InrValue | null>(null);
  const form = useForm<Values>({
    initialValues: {
      Value: '',
      Date: dayjs().format('YYYY-MM-DD'),
      Time: dayjs().format('HH:mm'),
      Method: 'venous',
      Note: '',
    },
    validate: (values) => {
      const result = inrValueBodySchema.safeParse(inrBody(values));
      if (result.success) return {};
      const errors: Record<string, string> = {};
      for (const issue of result.error.issues) {
        const path = issue.path[0] === 'MeasuredAt' ? 'Date' : String(issue.path[0]);
        errors[path] ??= issue.message;
      }
      return errors;
    },
  });
  const submit = form.onSubmit((values) => {
    void withFeedback(add.mutateAsync(inrBody(values)), {
      onSuccess: (saved) => {
        setSaved(saved);
        toastSuccess(
          t('trombosis.inrSaved', 'INR {{value}} is opgeslagen.', { value: formatDecimal(saved.Value) }),
        );
        form.setValues({ Value: '', Note: '' });
      },
      onError: (error) => {
        const fields = fieldErrors(error);
        form.setErrors(fields.MeasuredAt ? { ...fields, Date: fields.MeasuredAt } : fields);
      },
    });
  });
  return (
    <Paper withBorder p="md" radius="md" data-no-print component="section" aria-labelledby="inr-add">
      <form onSubmit={submit} noValidate data-testid="inr-form">
        <Stack gap="sm">
          <Title order={2} size="h4" id="inr-add">
            {t('trombosis.addInr', 'INR-waarde invoeren')}
          </Title>
          <Group align="flex-start" wrap="wrap" gap="md">
            <TextInput
              label={t('trombosis.value', 'INR')}
              description={t('trombosis.valueHint', 'Eén decimaal, 0,8–15,0')}
              inputMode="decimal"
              w={140}
              size="md"
              required
              data-testid="inr-input"
              {...form.getInputProps('Value')}
            />
            <DateField
              label={t('trombosis.measuredDate', 'Datum meting')}
              required
              w={170}
              size="md"
              data-testid="inr-date"
              {...form.getInputProps('Date')}
            />
            <TextInput
              label={t('trombosis.measuredTime', 'Tijd')}
              type="time"
              w={120}
              size="md"
              required
              data-testid="inr-time"
              {...form.getInputProps('Time')}
            />
          </Group>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="inr-method-label">
              {t('trombosis.method.label', 'Methode')}
            </Text>
            <SegmentedControl
              aria-labelledby="inr-method-label"
              data={[
                { value: 'venous', label: t('trombosis.method.venous', 'Veneus') },
                { value: 'fingerprick', label: t('trombosis.method.fingerprick', 'Vingerprik') },
                { value: 'selftest', label: t('trombosis.method.selftest', 'Zelfmeting') },
              ]}
              {...form.getInputProps('Method')}
              style={{ alignSelf: 'flex-start' }}
            />
          </Stack>
          <NoteAndSave
            note={form.getInputProps('Note')}
            error={add.isError && Object.keys(form.errors).length === 0 ? add.error : null}
            saving={add.isPending}
            saveLabel={t('trombosis.saveInr', 'INR opslaan')}
            saveTestId="inr-save"
          />
          {saved ? (
            <Group gap="xs" aria-live="polite" data-testid="inr-saved-result">
              <Text fz="sm">
                {t('trombosis.savedResult', 'Opgeslagen: INR {{value}}, streefbereik {{low}}–{{high}}', {
                  value: formatDecimal(saved.Value),
                  low: formatDecimal(saved.TargetRange.Low),
                  high: formatDecimal(saved.TargetRange.High),
                })}
              </Text>
              <InterpretationBadge value={saved.Interpretation} />
            </Group>
          ) : null}
        </Stack>
      </form>
    </Paper>
  );
}
