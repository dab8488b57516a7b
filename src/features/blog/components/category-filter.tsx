import { useTranslation } from 'react-i18next';
import { blogCategories, type BlogCategory } from '../lib/blog-post';

export type CategoryChoice = 'all' | BlogCategory;

type CategoryFilterProps = { value: CategoryChoice; onChange: (value: CategoryChoice) => void };

/** All, Travel, Technology, News, Tips: toggle buttons, the chosen one pressed. */
export function CategoryFilter({ value, onChange }: CategoryFilterProps) {
  const { t } = useTranslation('blog');
  const choices: { id: CategoryChoice; label: string }[] = [
    { id: 'all', label: t('filters.all') },
    ...blogCategories.map((id) => ({ id, label: t(`categories.${id}`) })),
  ];
  return (
    <div className="category-filter" role="group" aria-label={t('filters.label')}>
      {choices.map((choice) => (
        <button
          key={choice.id}
          type="button"
          className="category-filter__button"
          aria-pressed={value === choice.id}
          onClick={() => onChange(choice.id)}
        >
          {choice.label}
        </button>
      ))}
    </div>
  );
}
