// The service form's list fields: benefits and prerequisites, the "what can be asked" groups and the FAQ.
import { useFieldArray } from 'react-hook-form';
import { Icon } from '../../../components/Icon';
import { fieldProps } from '../../../forms';
import type { EditorProps } from './types';

export function TextListEditor({
  control,
  register,
  errors,
  name,
  legend,
  itemLabel,
  addLabel,
  keepOne,
  hideLegend = false,
}: EditorProps & {
  name: 'benefits' | 'prerequisites';
  legend: string;
  itemLabel: string;
  addLabel: string;
  /** Removal only while more than one remains. */
  keepOne: boolean;
  hideLegend?: boolean;
}) {
  const { fields, append, remove } = useFieldArray({ control, name });
  return (
    <fieldset className="list-editor span-2">
      <legend className={hideLegend ? 'visually-hidden' : 'field-label'}>{legend}</legend>
      {fields.map((field, index) => {
        const error = errors[name]?.[index]?.value?.message;
        const id = `svc-${name}-${index}`;
        return (
          <div key={field.id} className="list-row">
            <label htmlFor={id} className="visually-hidden">
              {itemLabel} {index + 1}
            </label>
            <input
              {...register(`${name}.${index}.value`)}
              {...fieldProps(id, error)}
              className="input"
              placeholder={`${itemLabel} ${index + 1}`}
            />
            {!keepOne || fields.length > 1 ? (
              <button type="button" className="icon-button icon-button-danger" onClick={() => remove(index)}>
                <Icon name="trash" />
                <span className="visually-hidden">
                  Remove {itemLabel.toLowerCase()} {index + 1}
                </span>
              </button>
            ) : null}
            {error ? (
              <p id={`${id}-error`} className="field-error list-row-error">
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
      <button type="button" className="button button-ghost button-sm" onClick={() => append({ value: '' })}>
        <Icon name="plus" size={16} /> {addLabel}
      </button>
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
              <div className="field grow">
                <label htmlFor={id} className="field-label">
                  Category {index + 1}
                </label>
                <input
                  {...register(`whatCanBeAsked.${index}.category`)}
                  {...fieldProps(id, error)}
                  className="input"
                  placeholder="e.g. Career"
                />
                {error ? (
                  <p id={`${id}-error`} className="field-error">
                    {error}
                  </p>
                ) : null}
              </div>
              {fields.length > 1 ? (
                <button
                  type="button"
                  className="button button-ghost button-sm button-danger-text"
                  onClick={() => remove(index)}
                >
                  <Icon name="trash" size={16} /> Remove Category
                  <span className="visually-hidden"> {index + 1}</span>
                </button>
              ) : null}
            </div>
            <QuestionList control={control} register={register} errors={errors} blockIndex={index} />
          </div>
        );
      })}
      <button
        type="button"
        className="button button-ghost button-sm"
        onClick={() => append({ category: '', questions: [{ value: '' }] })}
      >
        <Icon name="plus" size={16} /> Add Category
      </button>
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
          <div key={field.id} className="list-row">
            <label htmlFor={id} className="visually-hidden">
              Category {blockIndex + 1}, question {index + 1}
            </label>
            <input
              {...register(`whatCanBeAsked.${blockIndex}.questions.${index}.value`)}
              {...fieldProps(id, error)}
              className="input"
              placeholder={`Question ${index + 1}`}
            />
            {fields.length > 1 ? (
              <button type="button" className="icon-button icon-button-danger" onClick={() => remove(index)}>
                <Icon name="trash" />
                <span className="visually-hidden">
                  Remove question {index + 1} of category {blockIndex + 1}
                </span>
              </button>
            ) : null}
            {error ? (
              <p id={`${id}-error`} className="field-error list-row-error">
                {error}
              </p>
            ) : null}
          </div>
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
            <div className="field">
              <label htmlFor={qId} className="field-label">
                Question {index + 1}
              </label>
              <input {...register(`faq.${index}.question`)} {...fieldProps(qId, qError)} className="input" />
              {qError ? (
                <p id={`${qId}-error`} className="field-error">
                  {qError}
                </p>
              ) : null}
            </div>
            <div className="field">
              <label htmlFor={aId} className="field-label">
                Answer {index + 1}
              </label>
              <textarea {...register(`faq.${index}.answer`)} {...fieldProps(aId, aError)} className="input" rows={2} />
              {aError ? (
                <p id={`${aId}-error`} className="field-error">
                  {aError}
                </p>
              ) : null}
            </div>
            <button
              type="button"
              className="button button-ghost button-sm button-danger-text"
              onClick={() => remove(index)}
            >
              <Icon name="trash" size={16} /> Remove Question<span className="visually-hidden"> {index + 1}</span>
            </button>
          </div>
        );
      })}
      <button
        type="button"
        className="button button-ghost button-sm"
        onClick={() => append({ question: '', answer: '' })}
      >
        <Icon name="plus" size={16} /> Add FAQ
      </button>
    </fieldset>
  );
}
