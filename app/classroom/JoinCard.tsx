// How students join, large enough to read from the back of a hall: the code, the link and its QR
// code. The lecturer's key is in none of them.
import { QrCode } from './QrCode';
import { onlyHere } from './join_link';
import './classroom.css';

export function JoinCard({ code, link, large }: { code: string; link: string; large: boolean }) {
  const address = new URL(link);
  return (
    <section className={`class-join${large ? ' class-join-large' : ''}`} aria-label="How to join">
      <div>
        <p className="class-join-how">
          Join at{' '}
          <strong>{`${address.host}${address.pathname === '/' ? '' : address.pathname}`}</strong>{' '}
          with the code
        </p>
        <p className="class-join-code">
          <span aria-hidden="true">{code}</span>
          {/* Read letter by letter, as it is typed. */}
          <span className="sr-only">{`Code ${code.split('').join(' ')}`}</span>
        </p>
        <p className="class-join-link">
          or open <a href={link}>{link}</a>
        </p>
        {onlyHere(link) ? (
          <p className="field-error">
            This link names this computer only: start archex with `npm start` on the room's network
            (it prints the address students reach) and open the page by that address.
          </p>
        ) : null}
      </div>
      <QrCode text={link} label={`QR code of the join link ${link}`} />
    </section>
  );
}
