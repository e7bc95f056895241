// Where this page stands in its class, above the page: the code, who you are, the connection, and
// a pause or the end in words. The lecturer shows the join card from here.
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

const CONNECTION: Record<Connection, string> = {
  connecting: 'connecting…',
  open: 'connected',
  reconnecting: 'reconnecting…',
  gone: 'left',
};

export function ClassBar(props: Props) {
  const { code, view, connection, gone } = props;
  const who = view?.role === 'student' ? ` as ${view.pseudonym}` : view ? ' (you lead it)' : '';
  return (
    <>
      <div className="class-bar" role="region" aria-label="Class">
        <span>
          Class <strong>{code}</strong>
          {who} · <span data-connection={connection}>{CONNECTION[connection]}</span>
          {view?.ended ? ' · the class has ended' : ''}
        </span>
        {props.onJoinCard ? (
          <button type="button" onClick={props.onJoinCard}>
            How to join
          </button>
        ) : null}
        {/* A lecturer leaves a class once it has ended: their view is the class's only control. */}
        {view?.role === 'lecturer' && !view.ended && !gone ? null : (
          <button type="button" onClick={props.onLeave}>
            {view?.role === 'lecturer' ? 'Close the class view' : 'Leave the class'}
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
        <div className="class-paused" role="alertdialog" aria-label="Paused">
          <p>Wait for your lecturer.</p>
        </div>
      ) : null}
    </>
  );
}
