import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { collectionName } from '../../../../../renderer/features/gallery/collectionsStore.ts';
import { messagesFor } from '../../../../../renderer/i18n/catalogs.ts';

describe('a collection’s name in the gallery', () => {
  const intlOf = (locale: 'en' | 'ar') => createIntl({ locale, messages: messagesFor(locale) });

  it('words the collection of an untitled scene in the language shown, and keeps a name as given', () => {
    expect(collectionName({ name: '' }, intlOf('en'))).toBe('Untitled scene');
    expect(collectionName({ name: '' }, intlOf('ar'))).toBe(messagesFor('ar')['scenes.untitled']);
    expect(collectionName({ name: 'The pier' }, intlOf('ar'))).toBe('The pier');
  });
});
