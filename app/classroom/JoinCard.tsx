// How students join, large enough to read from the back of a hall: the code, the link and its QR
// code. The lecturer's key is in none of them.
import { useT } from '../i18n/i18n';
import { Rich } from '../i18n/Rich';
import { QrCode } from './QrCode';
import { onlyHere } from './join_link';
import './classroom.css';

export function JoinCard({ code, link, large }: { code: string; link: string; large: boolean }) {
  const t = useT('teaching');
  const address = new URL(link);
  return (
    <section
      className={`class-join${large ? ' class-join-large' : ''}`}
      aria-label={t('joinCard.label')}
    >
      <div>
        <p className="class-join-how">
          <Rich
            k="teaching:joinCard.joinAt"
            parts={{
              address: (
                <strong>{`${address.host}${address.pathname === '/' ? '' : address.pathname}`}</strong>
              ),
            }}
          />
        </p>
        <p className="class-join-code">
          <span aria-hidden="true">{code}</span>
          {/* Read letter by letter, as it is typed. */}
          <span className="sr-only">
            {t('joinCard.code', { letters: code.split('').join(' ') })}
          </span>
        </p>
        <p className="class-join-link">
          <Rich k="teaching:joinCard.orOpen" parts={{ link: <a href={link}>{link}</a> }} />
        </p>
        {onlyHere(link) ? <p className="field-error">{t('joinCard.onlyHere')}</p> : null}
      </div>
      <QrCode text={link} label={t('joinCard.qr', { link })} />
    </section>
  );
}
