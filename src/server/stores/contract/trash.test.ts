// The store contract for the trash and the testimonials (the cases: ./trash-testimonials.ts).
import { describeEachStore } from './harness';
import { testimonialContract, trashContract } from './trash-testimonials';

describeEachStore((current) => {
  trashContract(current);
  testimonialContract(current);
});
