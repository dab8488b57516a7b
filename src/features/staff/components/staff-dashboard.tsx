import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../../lib/services';
import { forgetStaffKey, readStaffKey, saveStaffKey } from '../lib/staff-key';
import { StaffBoard } from './staff-board';
import { StaffKeyForm } from './staff-key-form';
import './staff.css';

/**
 * The staff page (issue #17): the staff key is asked once per tab; a refused key (401, or 403
 * for a partner's key) is forgotten and asked for again.
 */
export function StaffDashboard() {
  const { t } = useTranslation('staff');
  const [key, setKey] = useState<string | null>(readStaffKey);
  const [refused, setRefused] = useState(false);
  const { apiUrl } = useServices();

  const unauthorized = useCallback(() => {
    forgetStaffKey();
    setRefused(true);
    setKey(null);
  }, []);

  const forget = useCallback(() => {
    forgetStaffKey();
    setRefused(false);
    setKey(null);
  }, []);

  if (!apiUrl) return <p className="alert">{t('staticMode')}</p>;
  if (!key) {
    return (
      <StaffKeyForm
        refused={refused}
        onKey={(value) => {
          saveStaffKey(value);
          setRefused(false);
          setKey(value);
        }}
      />
    );
  }
  return <StaffBoard staffKey={key} onUnauthorized={unauthorized} onForget={forget} />;
}
