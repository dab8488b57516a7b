import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { brands, popularByBrand } from '../../../config/devices/device-table';

const grid = popularByBrand();

type PopularDevicesProps = {
  onChoose: (name: string) => void;
  disabled: boolean;
};

/** The collapsible popular-devices list (open by default), one column per brand. */
export function PopularDevices({ onChoose, disabled }: PopularDevicesProps) {
  const { t } = useTranslation('compatibility');
  const [open, setOpen] = useState(true);
  const panelId = useId();
  const headingId = useId();

  return (
    <section className="compat-popular card" aria-labelledby={headingId}>
      <h2 id={headingId} className="compat-popular__heading">
        <button
          type="button"
          className="compat-popular__toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
        >
          <span>{t('popular.title')}</span>
          <span className="compat-popular__chevron" aria-hidden="true">
            ▾
          </span>
        </button>
      </h2>
      <div id={panelId} hidden={!open}>
        <p className="compat-popular__hint">{t('popular.hint')}</p>
        <div className="compat-popular__grid">
          {brands.map((brand) => (
            <div key={brand} className="compat-popular__brand">
              <h3 id={`${panelId}-${brand}`} className="compat-popular__brand-title">
                {t(`popular.brands.${brand}`)}
              </h3>
              <ul className="compat-popular__list" aria-labelledby={`${panelId}-${brand}`}>
                {grid[brand].map((entry) => (
                  <li key={entry.id}>
                    <button
                      type="button"
                      className="compat-popular__device"
                      disabled={disabled}
                      onClick={() => onChoose(entry.name)}
                    >
                      {entry.name}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
