import { useTranslation } from 'react-i18next';
import { initials, partnerGroups } from '../lib/partners';
import './guides.css';

/** The four partner groups (telecom, financial, payment, digital marketing) and their members. */
export function PartnerGroups() {
  const { t } = useTranslation('partners');
  return (
    <div className="partner-groups">
      {partnerGroups.map((group) => (
        <section
          key={group.id}
          className="guide-section partner-group"
          aria-labelledby={`partners-${group.id}`}
        >
          <h2 id={`partners-${group.id}`}>{t(`groups.${group.id}.title`)}</h2>
          <p className="muted">{t(`groups.${group.id}.text`)}</p>
          <ul className="partner-list">
            {group.members.map((member) => {
              const name = member ?? t('marketingAgency');
              return (
                <li key={name} className="card partner">
                  <span className="partner__badge" aria-hidden="true">
                    {member ? initials(member) : '★'}
                  </span>
                  <span className="partner__text">
                    <span className="partner__name">{name}</span>
                    <span className="partner__role">{t(`roles.${group.id}`)}</span>
                  </span>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
