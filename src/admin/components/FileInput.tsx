// The portal's file input (docs/admin.md, "Uploads"): the browser's own control says "No file chosen" beside a
// picture that is already uploaded (the input is emptied after each upload), which reads as if the upload was lost.
// The real input stays (keyboard, screen readers, tests' setInputFiles) but sits invisibly over a button of our own,
// whose words follow what the field holds; the hint under the field says which file it is.
import type { InputHTMLAttributes, Ref } from 'react';
import { Icon } from './Icon';
import './FileInput.css';

export function FileInput({
  hasFile,
  chooseText = 'Choose a file',
  replaceText = 'Choose another file',
  inputRef,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'> & {
  id: string;
  /** Whether the field already holds a file (picked or saved): the button then offers to replace it. */
  hasFile: boolean;
  chooseText?: string;
  replaceText?: string;
  inputRef?: Ref<HTMLInputElement>;
}) {
  return (
    <span className="file-pick">
      <input ref={inputRef} type="file" className="file-pick-input" {...input} />
      <span className="button button-secondary file-pick-button" aria-hidden="true">
        <Icon name="upload" /> {hasFile ? replaceText : chooseText}
      </span>
    </span>
  );
}
