// The service form's list fields: benefits and prerequisites, the "what can be asked" groups and the FAQ.
import { useFieldArray, type UseFormRegisterReturn } from 'react-hook-form';
import { Field, FieldError } from '../../../components/Field';
import { Icon } from '../../../components/Icon';
import { AddRowButton, RemoveRowButton } from '../../../components/RowButtons';
import { fieldProps } from '../../../forms/field-wiring';
import type { EditorProps } from './types';

/** One entry of a text list: its input (named for screen readers only), a remove button, its error. */
function ListRow({
  id,
  label,
  registration,
  error,
  placeholder,
  removeLabel,
  onRemove,
}: {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error: string | undefined;
  placeholder: string;
  removeLabel: string;
  /** Null when the entry may not be removed (the last one of a list that keeps one). */
  onRemove: (() => void) | null;
}) {
  return (
    <div className="list-row">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input {...registration} {...fieldProps(id, error)} className="input" placeholder={placeholder} />
      {onRemove ? (
        <button type="button" className="icon-button icon-button-danger" onClick={onRemove}>
          <Icon name="trash" />
          <span className="visually-hidden">{removeLabel}</span>
        </button>
      ) : null}
      <FieldError id={id} error={error} className="list-row-error" />
    </div>
  );
}

/**
 * The two text lists' wording and rules. keepOne: an entry can be removed only while more than one remains (benefits);
 * hideLegend: the list sits in a section of its own title, so its legend is for screen readers only. The add button
 * reads "Add <item>".
 */
const TEXT_LISTS = {
  prerequisites: { legend: 'Prerequisites', itemLabel: 'Prerequisite', keepOne: false, hideLegend: false },
  benefits: { legend: 'Benefits', itemLabel: 'Benefit', keepOne: true, hideLegend: true },
} as const;

export function TextListEditor({ control, register, errors, name }: EditorProps & { name: keyof typeof TEXT_LISTS }) {
  const { legend, itemLabel, keepOne, hideLegend } = TEXT_LISTS[name];
  const { fields, append, remove } = useFieldArray({ control, name });
  return (
    <fieldset className="list-editor span-2">
      <legend className={hideLegend ? 'visually-hidden' : 'field-label'}>{legend}</legend>
      {fields.map((field, index) => {
        const error = errors[name]?.[index]?.value?.message;
        const id = `svc-${name}-${index}`;
        return (
          <ListRow
            key={field.id}
            id={id}
            label={`${itemLabel} ${index + 1}`}
            registration={register(`${name}.${index}.value`)}
            error={error}
            placeholder={`${itemLabel} ${index + 1}`}
            removeLabel={`Remove ${itemLabel.toLowerCase()} ${index + 1}`}
            onRemove={!keepOne || fields.length > 1 ? () => remove(index) : null}
          />
        );
      })}
      <AddRowButton onClick={() => append({ value: '' })}>Add {itemLabel}</AddRowButton>
    </fieldset>
  );
}

export function AskedEditor({ control, register, errors }: EditorProps) {
  const { fields, append, remove } = useFieldArray({ control, name: 'whatCanBeAsked' });
  return (
    <fieldset className="list-editor span-2">
      <legend className="field-label">What Can Be Asked</legend>
      <p className="field-hint">
        Group the questions a client may bring, by theme (for example Career, Relationships).
      </p>
      {fields.map((field, index) => {
        const id = `svc-asked-${index}`;
        const error = errors.whatCanBeAsked?.[index]?.category?.message;
        return (
          <div key={field.id} className="block">
            <div className="block-head">
              <Field id={id} label={`Category ${index + 1}`} error={error} className="grow">
                <input
                  {...register(`whatCanBeAsked.${index}.category`)}
                  {...fieldProps(id, error)}
                  className="input"
                  placeholder="e.g. Career"
                />
              </Field>
              {fields.length > 1 ? (
                <RemoveRowButton onClick={() => remove(index)} row={index + 1}>
                  Remove Category
                </RemoveRowButton>
              ) : null}
            </div>
            <QuestionList control={control} register={register} errors={errors} blockIndex={index} />
          </div>
        );
      })}
      <AddRowButton onClick={() => append({ category: '', questions: [{ value: '' }] })}>Add Category</AddRowButton>
    </fieldset>
  );
}

function QuestionList({ control, register, errors, blockIndex }: EditorProps & { blockIndex: number }) {
  const { fields, append, remove } = useFieldArray({ control, name: `whatCanBeAsked.${blockIndex}.questions` });
  return (
    <div className="questions">
      {fields.map((field, index) => {
        const id = `svc-asked-${blockIndex}-q-${index}`;
        const error = errors.whatCanBeAsked?.[blockIndex]?.questions?.[index]?.value?.message;
        return (
          <ListRow
            key={field.id}
            id={id}
            label={`Category ${blockIndex + 1}, question ${index + 1}`}
            registration={register(`whatCanBeAsked.${blockIndex}.questions.${index}.value`)}
            error={error}
            placeholder={`Question ${index + 1}`}
            removeLabel={`Remove question ${index + 1} of category ${blockIndex + 1}`}
            onRemove={fields.length > 1 ? () => remove(index) : null}
          />
        );
      })}
      <button type="button" className="button button-link" onClick={() => append({ value: '' })}>
        <Icon name="plus" size={14} /> Add Question
      </button>
    </div>
  );
}

export function FaqEditor({ control, register, errors }: EditorProps) {
  const { fields, append, remove } = useFieldArray({ control, name: 'faq' });
  return (
    <fieldset className="list-editor span-2">
      <legend className="field-label">Frequently Asked Questions</legend>
      {fields.length === 0 ? <p className="field-hint">No questions yet.</p> : null}
      {fields.map((field, index) => {
        const qId = `svc-faq-${index}-q`;
        const aId = `svc-faq-${index}-a`;
        const qError = errors.faq?.[index]?.question?.message;
        const aError = errors.faq?.[index]?.answer?.message;
        return (
          <div key={field.id} className="block">
            <Field id={qId} label={`Question ${index + 1}`} error={qError}>
              <input {...register(`faq.${index}.question`)} {...fieldProps(qId, qError)} className="input" />
            </Field>
            <Field id={aId} label={`Answer ${index + 1}`} error={aError}>
              <textarea {...register(`faq.${index}.answer`)} {...fieldProps(aId, aError)} className="input" rows={2} />
            </Field>
            <RemoveRowButton onClick={() => remove(index)} row={index + 1}>
              Remove Question
            </RemoveRowButton>
          </div>
        );
      })}
      <AddRowButton onClick={() => append({ question: '', answer: '' })}>Add FAQ</AddRowButton>
    </fieldset>
  );
}
