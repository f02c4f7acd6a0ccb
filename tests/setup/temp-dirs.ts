import { afterAll } from 'vitest';
import { removeTempDirs } from '../support/temp-dirs';

// The folders a test file made with makeTempDir go when the file ends (tests/support/temp-dirs.ts).
afterAll(() => removeTempDirs());
