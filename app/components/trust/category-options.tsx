// The complaint categories as a select's options, after a disabled "please choose" (the /complaints
// form and the Report action).
import { useIntl } from 'react-intl';
import { COMPLAINT_CATEGORIES } from '~/shared/complaint-types';
import { categoryNames } from './category-names';

export function CategoryOptions() {
  const intl = useIntl();
  return (
    <>
      <option value="" disabled>
        {intl.formatMessage({ id: 'signup.error.choose', defaultMessage: 'Please make a choice' })}
      </option>
      {COMPLAINT_CATEGORIES.map((category) => (
        <option key={category} value={category}>
          {intl.formatMessage(categoryNames[category])}
        </option>
      ))}
    </>
  );
}
