import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useShallow } from 'zustand/react/shallow';
import type { Notice } from '../../../../shared/ipc/notices.ts';
import { Button } from '../../../ui/Button.tsx';
import { TextInput } from '../../../ui/Field.tsx';
import { useAboutStore } from './aboutStore.ts';
import { SaidText } from '../../../ui/SaidText.tsx';

/** The packages and programs Cast Studio contains, with their licences: asked for when the person opens the list. */
export function LicencesList() {
  const { notices, missing, loading } = useAboutStore(
    useShallow((s) => ({ notices: s.notices, missing: s.noticesMissing, loading: s.noticesLoading })),
  );
  const [shown, setShown] = useState(false);
  const intl = useIntl();
  const [query, setQuery] = useState('');
  const matches = useMemo(() => (notices ? matching(notices.notices, query) : []), [notices, query]);
  const show = () => {
    setShown(true);
    void useAboutStore.getState().loadNotices();
  };
  return (
    <section className="about-licences" aria-labelledby="licences-heading" data-testid="licences">
      <h3 id="licences-heading">{intl.formatMessage({ id: 'settings.about.licences.heading' })}</h3>
      <p className="muted">{intl.formatMessage({ id: 'settings.about.licences.lead' })}</p>
      {!shown && <Button onClick={show}>{intl.formatMessage({ id: 'settings.about.licences.show' })}</Button>}
      {shown && loading && <p className="muted">{intl.formatMessage({ id: 'settings.about.licences.reading' })}</p>}
      {shown && missing && (
        <p className="muted" role="status" data-testid="licences-missing">
          <SaidText said={missing} />
        </p>
      )}
      {notices && (
        <>
          <label className="about-licence-search">
            <span>{intl.formatMessage({ id: 'settings.about.licences.search' })}</span>
            <TextInput type="search" value={query} onChange={(e) => setQuery(e.target.value)} data-testid="licence-search" />
          </label>
          <p className="muted" role="status">
            {query
              ? intl.formatMessage({ id: 'settings.about.licences.matches' }, { shown: matches.length, total: notices.notices.length })
              : intl.formatMessage({ id: 'settings.about.licences.count' }, { count: notices.notices.length })}
          </p>
          <ul className="about-licence-list" data-testid="licence-list">
            {matches.map((notice) => (
              <NoticeItem key={`${notice.name}@${notice.version}`} notice={notice} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function matching(notices: Notice[], query: string): Notice[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return notices;
  return notices.filter((notice) => words.every((word) => `${notice.name} ${notice.licence}`.toLowerCase().includes(word)));
}

/** One package: its name, version and licence; opened, its copyright and licence texts (only then put on the page). */
function NoticeItem({ notice }: { notice: Notice }) {
  const [open, setOpen] = useState(false);
  return (
    <li className="about-licence" data-package={notice.name}>
      <details onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>
          <span className="about-licence-name" dir="ltr">
            {notice.name}
          </span>{' '}
          <span className="muted" dir="ltr">
            {notice.version}
          </span>
          <span className="about-licence-id" data-testid="licence-id">
            <bdi dir="ltr">{notice.licence}</bdi>
          </span>
        </summary>
        {open && (
          // Copyright lines and licence texts are English legal text, read as written in every language.
          <div className="about-licence-body" dir="ltr" lang="en">
            {notice.copyright.map((line) => (
              <p key={line}>{line}</p>
            ))}
            {notice.note && <p className="muted">{notice.note}</p>}
            {notice.texts.map((text) => (
              <figure key={text.title}>
                <figcaption className="muted">{text.title}</figcaption>
                <pre className="about-licence-text">{text.text}</pre>
              </figure>
            ))}
          </div>
        )}
      </details>
    </li>
  );
}
