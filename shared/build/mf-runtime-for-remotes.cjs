// The shell's copy of Module Federation's bundler runtime, SDK and error codes, handed to the
// remotes (see rspack-app.mjs): each remote entry used to ship its own ~10 KB gz of them.
// CommonJS on purpose: `require` resolves to the same files the shell's federation runtime
// loads, so the shell hands over its own modules instead of bundling second copies.
const federation = require('@module-federation/webpack-bundler-runtime');

globalThis.__CONCERT_MF__ = {
  federation: federation.default,
  sdk: require('@module-federation/sdk'),
  errorCodes: require('@module-federation/error-codes'),
};
