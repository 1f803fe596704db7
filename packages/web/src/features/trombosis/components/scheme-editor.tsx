import '@mantine/core/styles/NumberInput.css';
import { Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  COUMARINS,
  type Coumarin,
  type DosageScheme,
  type DosageSchemeBodyInput,
  dosageSchemeBodySchema,
  weekTotal,
} from '@zorgportaal/contract';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field.tsx';
import { todayInAmsterdam } from '../../../lib/dates.ts';
import { contractResolver, showServerFieldErrors } from '../../../lib/form.ts';
import { withFeedback } from '../../../lib/mutation-feedback.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useAddDosageScheme } from '../api/trombosis.ts';
import { useWeekdays } from '../../../lib/weekdays.ts';
import { NoteAndSave } from './note-and-save.tsx';

interface Values {
  Drug: Coumarin;
  ValidFrom: string;
  TabletsPerDay: number[];
  NextCheck: string;
  Note: string;
}

/**
 * A new scheme: drug, start, tablets per weekday (halves), the next check (proposed from the latest
 * results) and a note. It replaces the current scheme from its start; the old one stays in the history.
 */
export function SchemeEditor({
  patientId,
  current,
  suggestedNextCheck,
  onDone,
}: {
  patientId: number;
  current: DosageScheme | null;
  suggestedNextCheck: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const weekdays = useWeekdays();
  const add = useAddDosageScheme(patientId);
  const form = useForm<Values>({
    initialValues: {
      Drug: current?.Drug ?? 'acenocoumarol',
      ValidFrom: todayInAmsterdam(),
      TabletsPerDay: current ? [...current.TabletsPerDay] : [1, 1, 1, 1, 1, 1, 1],
      NextCheck: suggestedNextCheck,
      Note: '',
    },
    validate: contractResolver<Values>(dosageSchemeBodySchema),
  });
  const drug = COUMARINS[form.values.Drug];
  const total = weekTotal(
    form.values.Drug,
    form.values.TabletsPerDay.map((n) => (Number.isFinite(n) ? n : 0)),
  );
  const submit = form.onSubmit((values) => {
    void withFeedback(add.mutateAsync(values satisfies DosageSchemeBodyInput), {
      onSuccess: () => {
        toastSuccess(t('trombosis.schemeSaved', 'Het nieuwe doseerschema is opgeslagen.'));
        onDone();
      },
      onError: (error) => showServerFieldErrors(form, error),
    });
  });
  return (
    <Paper withBorder p="md" radius="md" data-no-print component="section" aria-labelledby="scheme-new">
      <form onSubmit={submit} noValidate data-testid="scheme-form">
        <Stack gap="sm">
          <Title order={2} size="h4" id="scheme-new">
            {t('trombosis.newScheme', 'Nieuw doseerschema')}
          </Title>
          <Group align="flex-start" wrap="wrap">
            <Select
              label={t('trombosis.drug', 'Middel')}
              data={[
                {
                  value: 'acenocoumarol',
                  label: t('trombosis.drugName.acenocoumarol', 'Acenocoumarol 1 mg'),
                },
                { value: 'fenprocoumon', label: t('trombosis.drugName.fenprocoumon', 'Fenprocoumon 3 mg') },
              ]}
              allowDeselect={false}
              size="md"
              w={240}
              data-testid="scheme-drug"
              {...form.getInputProps('Drug')}
            />
            <DateField
              label={t('trombosis.validFrom', 'Ingangsdatum')}
              required
              minDate={todayInAmsterdam()}
              size="md"
              w={170}
              data-testid="scheme-valid-from"
              {...form.getInputProps('ValidFrom')}
            />
            <DateField
              label={t('trombosis.nextCheck', 'Volgende controle')}
              description={t('trombosis.nextCheckHint', 'Voorstel uit de laatste uitslagen')}
              required
              size="md"
              w={190}
              data-testid="scheme-next-check"
              {...form.getInputProps('NextCheck')}
            />
          </Group>
          <Text size="sm" c="dark.6">
            {t(
              'trombosis.tabletsHint',
              'Tabletten per dag, in stappen van een halve tablet (hoogstens {{max}}).',
              {
                max: drug.MaxTabletsPerDay,
              },
            )}
          </Text>
          <SimpleGrid cols={{ base: 4, sm: 7 }} spacing="xs">
            {weekdays.map((day, i) => (
              <NumberInput
                key={day}
                label={day}
                min={0}
                max={drug.MaxTabletsPerDay}
                step={drug.Step}
                decimalScale={2}
                decimalSeparator=","
                size="md"
                data-testid={`scheme-day-${i}`}
                {...form.getInputProps(`TabletsPerDay.${i}`)}
                onChange={(value) =>
                  form.setFieldValue(`TabletsPerDay.${i}`, typeof value === 'number' ? value : Number.NaN)
                }
              />
            ))}
          </SimpleGrid>
          {form.errors.TabletsPerDay ? (
            <Text c="red.8" size="sm">
              {form.errors.TabletsPerDay}
            </Text>
          ) : null}
          <Text fw={600} data-testid="scheme-week-total">
            {t('trombosis.weekTotal', 'Weektotaal: {{tablets}} tabletten = {{mg}} mg', {
              tablets: String(total.Tablets).replace('.', ','),
              mg: String(total.Mg).replace('.', ','),
            })}
          </Text>
          <NoteAndSave
            note={form.getInputProps('Note')}
            error={add.isError && Object.keys(form.errors).length === 0 ? add.error : null}
            saving={add.isPending}
            saveLabel={t('trombosis.saveScheme', 'Schema opslaan')}
            saveTestId="scheme-save"
          >
            <Button variant="default" size="md" onClick={onDone}>
              {t('common.cancel', 'Annuleren')}
            </Button>
          </NoteAndSave>
        </Stack>
      </form>
    </Paper>
  );
}
