// Every lander and member landing of a second tenant and language (BellaCurva in Italian) at 375 and
// 1280 px, as landers.test.ts walks FlirtLokaal's (tests/support/landers.ts); screenshots at 375 px.
import { describeEveryLander, landerFixture } from '../support/landers';

describeEveryLander(landerFixture(['bellacurva']), { tenant: 'bellacurva', locale: 'it', slug: 'bbw-over-40', shots: [375] });
