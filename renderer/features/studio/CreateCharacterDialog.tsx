import { useIntl } from 'react-intl';
import { useShallow } from 'zustand/react/shallow';
import { TRAITS_BY_CREATION_TYPE } from '../../../shared/api/characterTraits.ts';
import { LIMITS } from '../../../shared/api/limits.ts';
import { formSubmitHandlers } from '../../app/formSubmit.ts';
import { useToastStore } from '../../stores/toastStore.ts';
import { AttachmentField } from '../../ui/AttachmentField.tsx';
import { Combobox } from '../../ui/Combobox.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Field, TextInput } from '../../ui/Field.tsx';
import { InlineError } from '../../ui/InlineError.tsx';
import { PriceButton } from '../../ui/PriceButton.tsx';
import { SegmentedControl } from '../../ui/SegmentedControl.tsx';
import { createProblems, useCreateCharacterStore } from './createCharacterStore.ts';
import { useStudioStore } from './studioStore.ts';
import { UPLOAD_TYPES } from '../../../shared/api/uploadTypes.ts';
import { useFormats } from '../../i18n/LanguageProvider.tsx';
import { CREATION_TYPES, TRAITS, traitWhat, type TraitKey } from './traitCatalog.ts';
import { LimitedTextArea } from '../../ui/TextLimit.tsx';

const FORM_ID = 'create-character-form';

/** Create a character: name, creation type with its traits, reference images, and the price. */
export function CreateCharacterDialog() {
  const intl = useIntl();
  const formats = useFormats();
  const { open, close } = useStudioStore(useShallow((s) => ({ open: s.createOpen, close: s.closeCreate })));
  const form = useCreateCharacterStore(
    useShallow((s) => ({
      name: s.name,
      creationType: s.creationType,
      traits: s.traits,
      references: s.references,
      refused: s.refused,
      price: s.price,
      submitting: s.submitting,
      error: s.error,
      attempted: s.attempted,
    })),
  );
  const actions = useCreateCharacterStore(
    useShallow((s) => ({
      setName: s.setName,
      setCreationType: s.setCreationType,
      setTrait: s.setTrait,
      addReferences: s.addReferences,
      removeReference: s.removeReference,
      submit: s.submit,
    })),
  );
  const showToast = useToastStore((s) => s.show);
  const problems = createProblems(form);
  const typeInfo = CREATION_TYPES.find((t) => t.value === form.creationType);

  const submit = async () => {
    const job = await actions.submit();
    if (job) {
      close();
      const name = job.title.subject;
      showToast(intl.formatMessage({ id: 'studio.create.queued' }, { name, named: String(name !== '') }), 'success');
    }
  };

  return (
    <Dialog open={open} onClose={close} title={intl.formatMessage({ id: 'studio.create.title' })} size="lg" name="create-character">
      <form id={FORM_ID} className="form-stack create-character" noValidate {...formSubmitHandlers(submit)}>
        <Field
          label={intl.formatMessage({ id: 'studio.create.name' })}
          required
          counter={{ length: form.name.length, max: LIMITS.characterName.max, min: LIMITS.characterName.min }}
          error={form.attempted ? problems.name : null}
        >
          {(control) => (
            <TextInput
              {...control}
              value={form.name}
              onChange={(e) => actions.setName(e.target.value)}
              placeholder={intl.formatMessage({ id: 'studio.create.name.placeholder' })}
              dir="auto"
              data-field="name"
            />
          )}
        </Field>

        <div className="creation-type">
          <SegmentedControl
            label={intl.formatMessage({ id: 'studio.create.kind' })}
            name="creation-type"
            value={form.creationType}
            segments={CREATION_TYPES.map(({ value, label }) => ({ value, label: intl.formatMessage({ id: label }) }))}
            onChange={actions.setCreationType}
          />
          {typeInfo ? <p className="field-hint">{intl.formatMessage({ id: typeInfo.description })}</p> : null}
        </div>

        <div className="trait-grid">
          {TRAITS_BY_CREATION_TYPE[form.creationType].map((key) => (
            <TraitField
              key={key}
              traitKey={key as TraitKey}
              value={form.traits[key as TraitKey] ?? ''}
              onChange={actions.setTrait}
              error={form.attempted && key === 'prompt' ? problems.prompt : null}
            />
          ))}
        </div>

        <AttachmentField
          name="character-references"
          label={intl.formatMessage({ id: 'studio.create.references' })}
          hint={intl.formatMessage(
            { id: form.creationType === 'image' ? 'studio.create.references.required' : 'studio.create.references.optional' },
            { size: formats.bytes(UPLOAD_TYPES['image/png'].maxBytes) },
          )}
          kinds={['image']}
          max={LIMITS.characterReferenceImages}
          attachments={form.references}
          refused={form.refused}
          onInputs={actions.addReferences}
          onRemove={actions.removeReference}
          error={form.attempted ? problems.references : null}
        />

        <InlineError error={form.error} />
        <div className="create-character-footer">
          <p className="field-hint">{intl.formatMessage({ id: 'studio.create.hint' })}</p>
          <PriceButton
            label={intl.formatMessage({ id: 'studio.create.submit' })}
            type="submit"
            form={FORM_ID}
            price={form.price}
            busy={form.submitting}
            onClick={() => void submit()}
          />
        </div>
      </form>
    </Dialog>
  );
}

function TraitField({
  traitKey,
  value,
  onChange,
  error,
}: {
  traitKey: TraitKey;
  value: string;
  onChange: (key: TraitKey, value: string) => void;
  error: string | null;
}) {
  const intl = useIntl();
  const info = TRAITS[traitKey];
  const label = intl.formatMessage({ id: info.label });
  const placeholder = info.placeholder ? intl.formatMessage({ id: info.placeholder }) : undefined;
  if (info.long) {
    return (
      <LimitedTextArea
        label={label}
        what={traitWhat(traitKey)}
        className="trait-wide"
        max={info.max}
        error={error}
        required={traitKey === 'prompt' || undefined}
        value={value}
        rows={3}
        placeholder={placeholder}
        dir="auto"
        onChange={(next) => onChange(traitKey, next)}
        data-trait={traitKey}
      />
    );
  }
  return (
    <Field label={label}>
      {(control) => (
        <Combobox
          {...control}
          value={value}
          onChange={(next) => onChange(traitKey, next)}
          suggestions={info.suggestions}
          maxLength={info.max}
          placeholder={placeholder ?? intl.formatMessage({ id: 'studio.create.example' }, { example: info.suggestions[0] ?? '' })}
        />
      )}
    </Field>
  );
}
