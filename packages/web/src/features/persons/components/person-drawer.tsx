import type { Person } from '@zorgportaal/contract';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { TableSkeleton } from '../../../components/table-skeleton.tsx';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { usePerson } from '../api/get-person.ts';
import { EMPTY_PERSON_FORM, personToForm } from '../utils/person-form.ts';
import { PersonForm } from './person-form.tsx';
import { SideDrawer } from './side-drawer.tsx';

interface PersonDrawerProps {
  opened: boolean;
  /** null: a new person. */
  personId: number | null;
  onClose: () => void;
  /** A new person was created (the list then shows it). */
  onCreated?: (person: Person) => void;
}

/** Create or edit a person in a drawer; an edit loads the person first (skeleton → error → form). */
export function PersonDrawer({ opened, personId, onClose, onCreated }: PersonDrawerProps) {
  const { t } = useTranslation();
  const person = usePerson(opened ? personId : null);
  const title =
    personId === null
      ? t('persons.form.createTitle', 'Nieuwe persoon')
      : t('persons.form.editTitle', 'Persoon bewerken');
  return (
    <SideDrawer opened={opened} onClose={onClose} title={title} data-testid="person-drawer">
      {personId === null ? (
        <PersonForm
          initial={EMPTY_PERSON_FORM}
          personId={null}
          onDone={(created) => {
            if (created) onCreated?.(created);
            onClose();
          }}
        />
      ) : person.isPending ? (
        <TableSkeleton rows={5} />
      ) : person.isError ? (
        <LoadError
          message={t('persons.form.loadError', 'De persoon kon niet worden geladen.')}
          detail={apiErrorMessage(t, person.error)}
          onRetry={() => void person.refetch()}
        />
      ) : (
        <PersonForm
          key={person.data.Person.Id}
          initial={personToForm(person.data.Person)}
          personId={person.data.Person.Id}
          onDone={onClose}
        />
      )}
    </SideDrawer>
  );
}
