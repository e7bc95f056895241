// Joining a class: the code (filled in from a join link) and a pseudonym; no account, no e-mail.
import { useId, useState } from 'react';

import { useT } from '../i18n/i18n';
import { MAX_PSEUDONYM } from './protocol';
import { CODE_LENGTH } from './protocol';
import './classroom.css';

interface Props {
  code: string;
  onJoin(code: string, pseudonym: string): Promise<void>;
  onCancel(): void;
}

export function StudentJoin({ code: given, onJoin, onCancel }: Props) {
  const id = useId();
  const t = useT('teaching');
  const [code, setCode] = useState(given);
  const [pseudonym, setPseudonym] = useState('');
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<string | null>(null);
  const join = () => {
    if (busy) return;
    setBusy(true);
    setSaid(null);
    onJoin(code, pseudonym).catch((error: Error) => {
      setSaid(error.message);
      setBusy(false);
    });
  };
  return (
    <main className="class-join-form" id="main">
      <h2>{t('join.title')}</h2>
      <p>{t('join.privacy')}</p>
      <div className="class-join-fields">
        <label htmlFor={`${id}-code`}>{t('join.code')}</label>
        <input
          id={`${id}-code`}
          value={code}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          maxLength={CODE_LENGTH + 2}
          onChange={(e) => setCode(e.target.value.toUpperCase())}
        />
        <label htmlFor={`${id}-name`}>{t('join.name')}</label>
        <input
          id={`${id}-name`}
          value={pseudonym}
          maxLength={MAX_PSEUDONYM}
          autoComplete="nickname"
          onChange={(e) => setPseudonym(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') join();
          }}
        />
      </div>
      {said ? (
        <p className="field-error" role="alert">
          {said}
        </p>
      ) : null}
      <p className="class-join-actions">
        <button
          type="button"
          className="primary"
          disabled={busy || code.trim() === '' || pseudonym.trim() === ''}
          onClick={join}
        >
          {busy ? t('join.joining') : t('join.join')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('join.alone')}
        </button>
      </p>
    </main>
  );
}
