import { useEffect } from 'react';
import type { ServiceFacts } from '../../../shared/ipc/index.ts';
import { useServiceFactsStore } from '../../stores/serviceFactsStore.ts';

const TYPE_NAMES: Record<string, string> = { image: 'Image models', video: 'Video models', talk: 'Talk models' };

function catalogWords(facts: ServiceFacts): string {
  if (facts.catalog === 'service') return `Published by the service${facts.capabilityVersion ? ` (${facts.capabilityVersion})` : ''}`;
  if (facts.catalog === 'built_in') return 'Not published by this service; Cast Studio’s built-in catalog is used';
  return 'Not read yet; Cast Studio’s built-in catalog is used meanwhile';
}

function uploadWords(facts: ServiceFacts): string {
  const where = facts.uploadPathFrom === 'capabilities' ? `at ${facts.uploadPath}, as the service says` : `at ${facts.uploadPath}`;
  if (facts.uploads === 'offered') return `Offered ${where}`;
  if (facts.uploads === 'not_offered') return 'Not offered: reference files must already be on the service’s CDN';
  return `Not tried yet (first use goes ${where})`;
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
  if (!facts) return null;
  const types = [...new Set(facts.models.map((model) => model.type))];
  return (
    <section
      className="service-facts"
      aria-label="What this service supports"
      data-testid="service-facts"
      data-catalog={facts.catalog}
      data-uploads={facts.uploads}
    >
      <h4 className="service-facts-title">What this service supports</h4>
      <dl className="profile-facts">
        <dt>Models and operations</dt>
        <dd data-fact="catalog">{catalogWords(facts)}</dd>
        {types.map((type) => (
          <div key={type} className="service-facts-row">
            <dt>{TYPE_NAMES[type] ?? `${type} models`}</dt>
            <dd data-fact={`models-${type}`}>
              {facts.models
                .filter((model) => model.type === type)
                .map((model) => model.label)
                .join(', ')}
            </dd>
          </div>
        ))}
        {facts.voiceModels.length > 0 && (
          <>
            <dt>Voice models</dt>
            <dd data-fact="voice-models">{facts.voiceModels.join(', ')}</dd>
          </>
        )}
        <dt>Uploads</dt>
        <dd data-fact="uploads">{uploadWords(facts)}</dd>
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
