export * from './validation.js';
export * from './banks.js';
