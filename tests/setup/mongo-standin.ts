// vitest globalSetup: says once, plainly, when the MongoDB tests cannot run here. The test files that need MongoDB
// start their own stand-in (tests/support/mongo-standin.ts): the recovery tests stop and start theirs.
import { STANDIN_MISSING_LINE, standinAvailable } from '../support/mongo-standin';

export default function setup(): void {
  if (!process.env['MONGODB_URI'] && !standinAvailable()) console.log(STANDIN_MISSING_LINE);
}
