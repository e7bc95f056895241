import { tours } from './bundled';
import { focusTourPanel } from './TourPanel';
import './tours.css';

/** The landing page's guided tours, as cards beside the machines'. */
export function TourList({ onTour }: { onTour(tourId: string): void }) {
  return (
    <section className="tours" aria-labelledby="tours-title">
      <h2 id="tours-title">Guided tours</h2>
      <p>Each step sets up an experiment, says what to look at, and asks you to predict first.</p>
      <ul className="cards">
        {tours.map((tour) => (
          <li key={tour.id}>
            <button
              type="button"
              className="card tour-card"
              data-tour={tour.id}
              onClick={() => {
                focusTourPanel();
                onTour(tour.id);
              }}
            >
              <span className="card-text">
                <span className="card-title">{tour.title}</span>
                <span className="card-meta">
                  {tour.steps.length} steps · {tour.audience}
                </span>
                <span className="card-description">{tour.summary}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
