// A Vitest setup file of the API and screen suites: their workers run at a lower CPU priority (nice 10), so
// when they share the two cores with the browser tests, which run one step at a time through the test, the
// browser and the portal, each of those steps gets a core at once and the suites take what is left.
import { setPriority } from 'node:os';

try {
  setPriority(10);
} catch {
  // A platform without process priorities: the suites run as they are.
}
