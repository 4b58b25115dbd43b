import { useEffect, type ReactNode } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { ServiceFacts } from '../../../shared/ipc/index.ts';
import { useServiceFactsStore } from '../../stores/serviceFactsStore.ts';

/** A path, version or address inside a sentence: read left to right in every language. */
const ltr = (text: string) => <bdi dir="ltr">{text}</bdi>;

function catalogWords(facts: ServiceFacts, intl: IntlShape): ReactNode {
  if (facts.catalog === 'service')
    return facts.capabilityVersion
      ? intl.formatMessage({ id: 'settings.facts.catalog.serviceVersion' }, { version: ltr(facts.capabilityVersion) })
      : intl.formatMessage({ id: 'settings.facts.catalog.service' });
  if (facts.catalog === 'built_in') return intl.formatMessage({ id: 'settings.facts.catalog.builtIn' });
  return intl.formatMessage({ id: 'settings.facts.catalog.notRead' });
}

function uploadWords(facts: ServiceFacts, intl: IntlShape): ReactNode {
  const where = { path: ltr(facts.uploadPath), said: facts.uploadPathFrom === 'capabilities' ? 'yes' : 'no' };
  if (facts.uploads === 'offered') return intl.formatMessage({ id: 'settings.facts.uploads.offered' }, where);
  if (facts.uploads === 'not_offered') return intl.formatMessage({ id: 'settings.facts.uploads.notOffered' });
  return intl.formatMessage({ id: 'settings.facts.uploads.notTried' }, where);
}

/**
 * What the connection in use supports (its capabilities, or the built-in catalog where it publishes
 * none) and what Cast Studio noticed of it where the spec leaves the service a choice.
 */
export function ServiceFactsList({ profileId }: { profileId: string }) {
  const facts = useServiceFactsStore((s) => (s.facts?.profileId === profileId ? s.facts : null));
  // Read again when shown: what the poller learned meanwhile (an ignored filter) has no event of its own.
  useEffect(() => {
    void useServiceFactsStore.getState().load();
  }, [profileId]);
  const intl = useIntl();
  if (!facts) return null;
  const title = intl.formatMessage({ id: 'settings.facts.title' });
  const separator = intl.formatMessage({ id: 'settings.facts.listSeparator' });
  const types = [...new Set(facts.models.map((model) => model.type))];
  return (
    <section
      className="service-facts"
      aria-label={title}
      data-testid="service-facts"
      data-catalog={facts.catalog}
      data-uploads={facts.uploads}
    >
      <h4 className="service-facts-title">{title}</h4>
      <dl className="profile-facts">
        <dt>{intl.formatMessage({ id: 'settings.facts.catalog' })}</dt>
        <dd data-fact="catalog">{catalogWords(facts, intl)}</dd>
        {types.map((type) => (
          <div key={type} className="service-facts-row">
            <dt>{intl.formatMessage({ id: 'settings.facts.models' }, { type })}</dt>
            <dd data-fact={`models-${type}`}>
              {facts.models
                .filter((model) => model.type === type)
                .map((model) => model.label)
                .join(separator)}
            </dd>
          </div>
        ))}
        {facts.voiceModels.length > 0 && (
          <>
            <dt>{intl.formatMessage({ id: 'settings.facts.voiceModels' })}</dt>
            <dd data-fact="voice-models">{facts.voiceModels.join(separator)}</dd>
          </>
        )}
        <dt>{intl.formatMessage({ id: 'settings.facts.uploads' })}</dt>
        <dd data-fact="uploads">{uploadWords(facts, intl)}</dd>
        {facts.noticed.map((noticed) => (
          <div key={noticed.key} className="service-facts-row">
            <dt>{noticed.label}</dt>
            <dd data-fact={`noticed-${noticed.key}`}>{noticed.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
