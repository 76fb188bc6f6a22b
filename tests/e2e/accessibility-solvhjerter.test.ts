// axe-core in Chromium (docs/architecture.md §12): no serious or critical violation on Sølvhjerter's main pages (its
// own pink on a dark nav, Danish) at phone and desktop width, as accessibility.test.ts checks FlirtLokaal.
import { describeAccessibility } from '../support/accessibility';

describeAccessibility([{ tenant: 'solvhjerter', country: 'DK', locale: 'da' }]);
