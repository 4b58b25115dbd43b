import type { CSSProperties } from 'react';
import { useIntl } from 'react-intl';
import { useShallow } from 'zustand/react/shallow';
import type { ScenePresenceMember } from '../../../shared/ipc/scenes.ts';
import { isolated } from './isolated.ts';
import { useScenesStore } from './scenesStore.ts';

/** Up to two letters of a name (its first two words' first letters), as the avatar shows it. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[1]] : [words[0]];
  return letters.map((word) => [...(word ?? '')][0]?.toLocaleUpperCase() ?? '').join('');
}

/** A member's initials in their colour (the hue core made from their id). */
export function PresenceAvatar({ member }: { member: ScenePresenceMember }) {
  return (
    <span className="presence-avatar" style={{ '--presence-hue': member.hue } as CSSProperties} aria-hidden="true">
      {initialsOf(member.name)}
    </span>
  );
}

/** Who else is in the scene, at the top of the editor: each one's initials, name and line. */
export function ScenePresenceBar() {
  const intl = useIntl();
  const others = useScenesStore((s) => s.presence);
  const lineNumbers = useScenesStore(
    useShallow((s) =>
      s.presence.map((other) => (other.lineId ? (s.scene?.lines.findIndex((line) => line.id === other.lineId) ?? -1) + 1 : 0)),
    ),
  );
  if (others.length === 0) return null;
  return (
    <div className="scene-presence" data-presence-count={others.length}>
      <span className="scene-presence-title muted">{intl.formatMessage({ id: 'scenes.presence.title' })}</span>
      <ul className="scene-presence-list" aria-label={intl.formatMessage({ id: 'scenes.presence.others' }, { count: others.length })}>
        {others.map((other, index) => {
          const name = isolated(other.name);
          const number = lineNumbers[index] ?? 0;
          return (
            <li key={other.clientId} className="scene-presence-member" data-member-id={other.memberId} data-line-id={other.lineId ?? ''}>
              <PresenceAvatar member={other} />
              <span className="scene-presence-name">
                {number > 0
                  ? intl.formatMessage({ id: 'scenes.presence.onLine' }, { name, number })
                  : intl.formatMessage({ id: 'scenes.presence.inScene' }, { name })}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The members on one line, beside it. */
export function LinePresence({ here }: { here: readonly ScenePresenceMember[] }) {
  const intl = useIntl();
  if (here.length === 0) return null;
  const names = here.map((member) => isolated(member.name));
  return (
    <span
      className="scene-line-presence"
      role="note"
      aria-label={intl.formatMessage(
        { id: 'scenes.presence.lineMarker' },
        { names: intl.formatList(names, { type: 'conjunction' }), count: here.length },
      )}
      style={{ '--presence-hue': here[0]?.hue ?? 0 } as CSSProperties}
    >
      {here.map((member) => (
        <PresenceAvatar key={member.clientId} member={member} />
      ))}
      <span className="scene-line-presence-names" aria-hidden="true">
        {intl.formatList(names, { type: 'conjunction' })}
      </span>
    </span>
  );
}
