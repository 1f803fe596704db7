import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Input.css';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TrombosisPatient } from '@zorgportaal/contract';

const optionLabel = (p: TrombosisPatient) => [p.ScreenName, p.EntityName, p.DepartmentName].join(' · ');

/** The patients the caller may see for the trombosis service, searchable by name (dosed patients first). */
export function TrombosisPatientSelect({
  patients,
  value,
  onChange,
}: {
  patients: readonly TrombosisPatient[];
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  const { t } = useTranslation();
  const dosed = patients.filter((p) => p.Drug !== null || p.LastInr !== null);
  const others = patients.filter((p) => p.Drug === null && p.LastInr === null);
  const options = (rows: readonly TrombosisPatient[]) =>
    rows.map((p) => ({ value: String(p.Id), label: optionLabel(p) }));
  return (
    <Select
      label={t('trombosis.patient', 'Cliënt')}
      placeholder={t('trombosis.patientSearch', 'Zoek op naam')}
      data={[
        { group: t('trombosis.dosedPatients', 'Onder behandeling'), items: options(dosed) },
        { group: t('trombosis.otherPatients', 'Overige cliënten'), items: options(others) },
      ].filter((g) => g.items.length > 0)}
      value={value ? String(value) : null}
      onChange={(id) => onChange(id ? Number(id) : null)}
      searchable
      clearable
      nothingFoundMessage={t('trombosis.noPatients', 'Geen cliënten gevonden')}
      size="md"
      maw={560}
      data-no-print
      data-testid="trombosis-patient-select"
    />
  );
}
