// The rule is shared with the browser (the signup form checks the date of birth as it is entered).
export { ageOn } from '~/shared/age';
