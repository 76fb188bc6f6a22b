// POST /api/network/drafts.php (docs/api.md "Network console", docs/decisions/0053): the brand
// wizard's form as it is — kept as the admin's draft for the preview frames — with its problems per
// field and its contrast checks, as JSON. The live preview of the form posts here as one types; the
// same schema and checks as the form's own action (network/wizard-view.ts).
import { apiJson } from '~/.server/contract/api';
import { apiRoute, endpoint } from '~/.server/http/api-route';
import { apiRefused } from '../../network/console-route';
import { consoleOf } from '../../network/console-context';
import { draftAnswer, WizardFormSchema } from '../../network/wizard-view';

const route = apiRoute({
  POST: endpoint({
    body: WizardFormSchema,
    async handle({ context, body }) {
      const network = consoleOf(context);
      const answer = await draftAnswer(network, body);
      return answer ? apiJson(answer) : apiRefused(network.locale);
    },
  }),
});

export default route;
