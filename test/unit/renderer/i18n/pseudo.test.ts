import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { messagesFor } from '../../../../renderer/i18n/catalogs.ts';
import { pseudoMessage } from '../../../../renderer/i18n/pseudo.ts';

describe('the pseudo-locale', () => {
  it('accents every letter and makes the text about 40 % longer', () => {
    const pseudo = pseudoMessage('Open the queue');
    expect(pseudo).toMatch(/^⟦Óþéñ ţĥé ǫúéúé·+⟧$/);
    expect(pseudo.length).toBeGreaterThanOrEqual(Math.ceil('Open the queue'.length * 1.4));
  });

  it('keeps arguments and plural cases working, changing only their words', () => {
    const pseudo = pseudoMessage('{count, plural, one {# job in flight} other {# jobs in flight}}');
    const intl = createIntl({ locale: 'en', messages: { ...messagesFor('en'), 'nav.inFlight': pseudo } });
    expect(intl.formatMessage({ id: 'nav.inFlight' }, { count: 1 })).toMatch(/^⟦1 ĵóƀ íñ ƒļíĝĥţ·+⟧$/);
    expect(intl.formatMessage({ id: 'nav.inFlight' }, { count: 3 })).toMatch(/^⟦3 ĵóƀš íñ ƒļíĝĥţ·+⟧$/);
    expect(pseudoMessage('{screen} ({keys})')).toMatch(/^⟦\{screen\} \(\{keys\}\)·+⟧$/);
  });

  it('is made for every English message, none of them left plain', () => {
    const english = messagesFor('en');
    const pseudo = messagesFor('en-XA');
    expect(Object.keys(pseudo)).toEqual(Object.keys(english));
    for (const id of Object.keys(english) as (keyof typeof english)[]) expect(pseudo[id]).not.toBe(english[id]);
  });
});
