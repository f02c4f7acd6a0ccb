// The practitioner's own questions before a session (docs/admin.md, "Booking fields"): up to ten, each with its text
// and whether an answer is required; added, removed and moved with buttons, so the keyboard does all of it. A moved
// question keeps the focus on the button that moved it.
import { useEffect, useRef } from 'react';
import { useFieldArray } from 'react-hook-form';
import { Field } from '../../../components/Field';
import { Icon } from '../../../components/Icon';
import { AddRowButton, RemoveRowButton } from '../../../components/RowButtons';
import { fieldProps } from '../../../forms/field-wiring';
import type { ServiceForm } from './types';

/** IntakeQuestionSchema's list limit. */
const MAX_QUESTIONS = 10;

type Focus = { index: number; control: 'up' | 'down' | 'text' } | null;

export function IntakeEditor({ form }: { form: ServiceForm }) {
  const { control, register } = form;
  const errors = form.formState.errors.intakeQuestions;
  const { fields, append, remove, move } = useFieldArray({ control, name: 'intakeQuestions' });
  const pendingFocus = useRef<Focus>(null);
  const setFocus = (next: Focus) => {
    pendingFocus.current = next;
  };

  // After a move, add or remove, the focus goes where the practitioner's next key press expects it.
  useEffect(() => {
    const focus = pendingFocus.current;
    if (focus === null) return;
    const target =
      document.getElementById(`svc-intake-${focus.index}-${focus.control}`) ??
      document.getElementById(`svc-intake-${focus.index}-text`) ??
      document.getElementById('svc-intake-add');
    target?.focus();
    pendingFocus.current = null;
  }, [fields]);

  const moveTo = (from: number, to: number, control: 'up' | 'down') => {
    move(from, to);
    // At the end of the list the button it used is disabled; the other one takes the focus.
    const edge = (control === 'up' && to === 0) || (control === 'down' && to === fields.length - 1);
    setFocus({ index: to, control: edge ? (control === 'up' ? 'down' : 'up') : control });
  };

  return (
    <fieldset className="list-editor span-2" aria-describedby="svc-intake-hint">
      <legend className="field-label">Questions when booking</legend>
      <p id="svc-intake-hint" className="field-hint">
        Asked when a visitor books on this site; answers are kept with the booking. Up to {MAX_QUESTIONS} questions.
      </p>
      {fields.map((field, index) => {
        const id = `svc-intake-${index}`;
        const error = errors?.[index]?.question?.message;
        const last = index === fields.length - 1;
        return (
          <div key={field.id} className="block intake-question">
            <Field id={`${id}-text`} label={`Booking question ${index + 1}`} error={error} required>
              <input
                {...register(`intakeQuestions.${index}.question`)}
                {...fieldProps(`${id}-text`, error)}
                className="input"
                aria-required="true"
                maxLength={300}
              />
            </Field>
            <div className="intake-controls">
              <label className="intake-required">
                <input type="checkbox" {...register(`intakeQuestions.${index}.required`)} />
                Required<span className="visually-hidden"> answer to booking question {index + 1}</span>
              </label>
              <button
                type="button"
                id={`${id}-up`}
                className="icon-button"
                disabled={index === 0}
                onClick={() => moveTo(index, index - 1, 'up')}
              >
                <Icon name="arrowUp" />
                <span className="visually-hidden">Move booking question {index + 1} up</span>
              </button>
              <button
                type="button"
                id={`${id}-down`}
                className="icon-button"
                disabled={last}
                onClick={() => moveTo(index, index + 1, 'down')}
              >
                <Icon name="arrowDown" />
                <span className="visually-hidden">Move booking question {index + 1} down</span>
              </button>
              <RemoveRowButton
                onClick={() => {
                  remove(index);
                  setFocus({ index: Math.min(index, fields.length - 2), control: 'text' });
                }}
                row={index + 1}
              >
                Remove Booking Question
              </RemoveRowButton>
            </div>
          </div>
        );
      })}
      {fields.length < MAX_QUESTIONS ? (
        <AddRowButton
          id="svc-intake-add"
          onClick={() => {
            append({ id: '', question: '', required: false });
            setFocus({ index: fields.length, control: 'text' });
          }}
        >
          Add Booking Question
        </AddRowButton>
      ) : (
        <p className="field-hint">That is the most a service can ask.</p>
      )}
    </fieldset>
  );
}
