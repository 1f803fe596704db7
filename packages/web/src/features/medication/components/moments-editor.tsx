import '@mantine/core/styles/NumberInput.css';
import { Button, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MomentDraft } from '../utils/agreement-draft.ts';

interface MomentsEditorProps {
  moments: MomentDraft[];
  unit: string;
  errors: Record<string, string>;
  onChange: (moments: MomentDraft[]) => void;
}

/** The times of day with a dose each (add, change, remove). */
export function MomentsEditor({ moments, unit, errors, onChange }: MomentsEditorProps) {
  const { t } = useTranslation();
  const update = (index: number, patch: Partial<MomentDraft>) =>
    onChange(moments.map((moment, i) => (i === index ? { ...moment, ...patch } : moment)));
  return (
    <Stack gap="xs" data-testid="moments-editor">
      <Text size="sm" fw={500}>
        {t('medication.form.moments', 'Tijden en dosis')}
      </Text>
      {moments.map((moment, index) => (
        <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            type="time"
            aria-label={t('medication.form.time', 'Tijd {{n}}', { n: index + 1 })}
            value={moment.time}
            onChange={(event) => update(index, { time: event.currentTarget.value })}
            error={errors[`Instructions.Moments.${index}.Time`]}
            size="md"
            w={160}
          />
          <NumberInput
            aria-label={t('medication.form.dose', 'Dosis {{n}} ({{unit}})', { n: index + 1, unit })}
            value={moment.dose}
            onChange={(value) => update(index, { dose: typeof value === 'number' ? value : '' })}
            error={errors[`Instructions.Moments.${index}.Dose`]}
            min={0}
            max={1000}
            decimalSeparator=","
            allowNegative={false}
            size="md"
            w={120}
            rightSection={<Text size="xs">{unit}</Text>}
            rightSectionWidth={60}
          />
          <Button
            variant="subtle"
            color="red"
            size="md"
            onClick={() => onChange(moments.filter((_, i) => i !== index))}
            disabled={moments.length === 1}
          >
            {t('common.delete', 'Verwijderen')}
          </Button>
        </Group>
      ))}
      {errors['Instructions.Moments'] ? (
        <Text size="sm" c="red.8">
          {errors['Instructions.Moments']}
        </Text>
      ) : null}
      <div>
        <Button
          variant="default"
          size="sm"
          onClick={() => onChange([...moments, { time: '', dose: moments.at(-1)?.dose ?? 1 }])}
          disabled={moments.length >= 24}
        >
          {t('medication.form.addMoment', 'Tijd toevoegen')}
        </Button>
      </div>
    </Stack>
  );
}
