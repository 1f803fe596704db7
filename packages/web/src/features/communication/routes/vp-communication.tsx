import { useTranslation } from 'react-i18next';
import { CommunicationScreen } from '../components/communication-screen.tsx';

/** /vp/communication (Communicatie): the same threads, opening on those about clients (the prescriber's work). */
export default function VpCommunicationPage() {
  const { t } = useTranslation();
  return <CommunicationScreen title={t('routes.vpCommunication', 'Communicatie')} defaultFilter="patients" />;
}
