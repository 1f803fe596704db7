import { useTranslation } from 'react-i18next';
import { usePatientSearch } from '../../../lib/search-patients.ts';
import { SearchSelect, useSearchText } from './search-select.tsx';

/** A patient picked by searching the server (name, BSN, room); keeps the chosen one's label. */
export function PatientFilter({
  value,
  departmentId,
  onChange,
}: {
  value: number | null;
  departmentId?: number;
  onChange: (id: number | null) => void;
}) {
  const { t } = useTranslation();
  const search = useSearchText();
  const patients = usePatientSearch(search.text, departmentId);
  const options = (patients.data?.Rows ?? []).map((patient) => ({
    value: String(patient.Id),
    label: patient.Room ? `${patient.ScreenName} (${patient.Room})` : patient.ScreenName,
  }));
  return (
    <SearchSelect
      value={value}
      onChange={onChange}
      search={search}
      options={options}
      label={t('administration.results.patient', 'Cliënt')}
      placeholder={t('administration.results.allPatients', 'Alle cliënten')}
      nothingFound={t('administration.results.noPatients', 'Geen cliënten gevonden')}
      testId="patient-filter"
    />
  );
}
