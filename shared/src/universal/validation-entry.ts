export * from './validation.js';
export * from './banks.js';
export { autogiroAccount, isAutogiroAccount, type AutogiroAccount } from './bank-account.js';
