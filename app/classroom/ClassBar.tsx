// Where this page stands in its class, above the page: the code, who you are, the connection, and
// a pause or the end in words. The lecturer shows the join card from here.
import { useT } from '../i18n/i18n';
import { Rich } from '../i18n/Rich';
import type { Connection } from './class_client';
import type { ClassView } from './protocol';
import './classroom.css';

interface Props {
  code: string;
  view: ClassView | null;
  connection: Connection;
  /** Why the class is gone (deleted, or this key is not of it). */
  gone: string | null;
  /** Storage refused: a reload leaves the class. */
  notKept: string | null;
  said: string | null;
  onJoinCard?: () => void;
  onLeave(): void;
}

export function ClassBar(props: Props) {
  const { code, view, connection, gone } = props;
  const t = useT('teaching');
  return (
    <>
      <div className="class-bar" role="region" aria-label={t('classBar.label')}>
        <span>
          <Rich
            k="teaching:classBar.line"
            values={{
              role: view?.role ?? 'none',
              pseudonym: view?.role === 'student' ? view.pseudonym : '',
              ended: view?.ended ? 'yes' : 'no',
            }}
            parts={{
              code: <strong>{code}</strong>,
              connection: (
                <span data-connection={connection}>{t(`classBar.connection.${connection}`)}</span>
              ),
            }}
          />
        </span>
        {props.onJoinCard ? (
          <button type="button" onClick={props.onJoinCard}>
            {t('classBar.howToJoin')}
          </button>
        ) : null}
        {/* A lecturer leaves a class once it has ended: their view is the class's only control. */}
        {view?.role === 'lecturer' && !view.ended && !gone ? null : (
          <button type="button" onClick={props.onLeave}>
            {view?.role === 'lecturer' ? t('classBar.closeView') : t('classBar.leave')}
          </button>
        )}
      </div>
      {gone ? (
        <p className="banner error" role="alert">
          {gone}
        </p>
      ) : null}
      {props.said ? (
        <p className="banner error" role="alert">
          {props.said}
        </p>
      ) : null}
      {props.notKept ? <p className="banner">{props.notKept}</p> : null}
      {view?.role === 'student' && view.paused && !view.ended ? (
        <div className="class-paused" role="alertdialog" aria-label={t('classBar.paused')}>
          <p>{t('classBar.wait')}</p>
        </div>
      ) : null}
    </>
  );
}
