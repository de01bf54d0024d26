export { AccountPage, type AccountQuery } from './components/account-page';
