import { useTranslation } from 'react-i18next';
import { CommunicationScreen } from '../components/communication-screen.tsx';

/** /communication (Communicatie): every thread of the user. */
export default function CommunicationPage() {
  const { t } = useTranslation();
  return <CommunicationScreen title={t('routes.communication', 'Communicatie')} defaultFilter="all" />;
}
