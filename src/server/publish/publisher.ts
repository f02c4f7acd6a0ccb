import type { Env } from '../env';
import type { Stores } from '../stores/types';
import { silentPublisher, type Publisher } from './types';

// Placeholder until the "Publishing" issue: records nothing, builds nothing.
export function createPublisher(_env: Env, _stores: Stores): Publisher {
  return silentPublisher;
}
