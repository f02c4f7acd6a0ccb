import { useState } from 'react';

/**
 * The file a form's MediaPicker holds and the problem shown under it (a refused pick, a missing required file, the
 * server's own error). `picker` is what MediaPicker takes for both.
 */
export function usePickedFile() {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  return {
    file,
    setError,
    picker: {
      file,
      error,
      onChange: (picked: File | null, problem: string | null) => {
        setFile(picked);
        setError(problem);
      },
    },
  };
}
