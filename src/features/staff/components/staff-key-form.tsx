import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

type StaffKeyFormProps = { refused: boolean; onKey: (key: string) => void };

/** Asks for the staff key (a password field: it is a secret). */
export function StaffKeyForm({ refused, onKey }: StaffKeyFormProps) {
  const { t } = useTranslation('staff');
  const id = useId();
  const [value, setValue] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const key = value.trim();
    if (key) onKey(key);
  };

  return (
    <form className="staff-key" onSubmit={submit} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('key.heading')}</h2>
      {refused && (
        <p className="alert alert--danger" role="alert">
          {t('key.wrong')}
        </p>
      )}
      <label htmlFor={`${id}-key`}>{t('key.label')}</label>
      <input
        id={`${id}-key`}
        type="password"
        autoComplete="off"
        required
        value={value}
        onChange={(event) => setValue(event.target.value)}
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} className="staff-key__hint">
        {t('key.hint')}
      </p>
      <button type="submit" className="button button--primary">
        {t('key.submit')}
      </button>
    </form>
  );
}
