import { Glossed } from '../glossary/Glossed';
import { useReading, useT } from '../i18n/i18n';
import { tourIn, tours } from './bundled';
import { focusTourPanel } from './TourPanel';
import './tours.css';

/**
 * The landing page's guided tours, as cards beside the machines'. The card's button covers it,
 * named by the title: a click anywhere presses it, but on the papers' words, which say what they
 * mean.
 */
export function TourList({ onTour }: { onTour(tourId: string): void }) {
  const t = useT();
  const { lang } = useReading();
  return (
    <section className="tours" aria-labelledby="tours-title">
      <h2 id="tours-title">{t('tours.title')}</h2>
      <p>{t('tours.intro')}</p>
      <ul className="cards">
        {tours
          .map((source) => tourIn(source, lang))
          .map((tour) => (
            <li key={tour.id}>
              <div className="card tour-card">
                <button
                  type="button"
                  className="card-link"
                  data-tour={tour.id}
                  aria-labelledby={`tour-${tour.id}-title`}
                  onClick={() => {
                    focusTourPanel();
                    onTour(tour.id);
                  }}
                />
                <span className="card-text">
                  <span className="card-title" id={`tour-${tour.id}-title`}>
                    <Glossed text={tour.title} />
                  </span>
                  <span className="card-meta">
                    {t('tours.meta', { steps: tour.steps.length, audience: tour.audience })}
                  </span>
                  <span className="card-description">
                    <Glossed text={tour.summary} />
                  </span>
                </span>
              </div>
            </li>
          ))}
      </ul>
    </section>
  );
}
