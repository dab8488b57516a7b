import { Link } from 'react-router';
import { paths, type RouteName } from '#domain/paths';
import './guides.css';

export type LinkCard = { route: RouteName; title: string; text: string; link: string };

/** A grid of cards, each leading to another page of the site. */
export function LinkCards({ cards }: { cards: readonly LinkCard[] }) {
  return (
    <ul className="guide-grid guide-grid--cards link-cards">
      {cards.map((card) => (
        <li key={card.route} className="card link-card">
          <h2 className="card-title">{card.title}</h2>
          <p className="muted">{card.text}</p>
          <Link to={paths[card.route]} className="button link-card__link">
            {card.link}
            <span aria-hidden="true">→</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
