// axe-core in Chromium (docs/architecture.md §12): no serious or critical violation on FlirtLokaal's main pages
// (base pink on navy, Dutch) at phone and desktop width (tests/support/accessibility.ts);
// accessibility-solvhjerter.test.ts walks a second tenant.
import { describeAccessibility } from '../support/accessibility';

describeAccessibility([{ tenant: 'flirtlokaal', country: 'NL', locale: 'nl' }]);
