// A remote's federation object (what @module-federation/webpack-bundler-runtime exports), made
// from the shell's stateless bundler-runtime functions (mf-runtime-for-remotes.cjs) and this
// remote's own @module-federation/runtime: its instance and options stay its own, as they
// would with its own copy of the bundler runtime.
const runtime = require('@module-federation/runtime');
// The shell exposes nothing, so its build leaves out how a container starts: each remote keeps its own.
const {
  initContainerEntry,
} = require('@module-federation/webpack-bundler-runtime/dist/initContainerEntry.cjs');
const { bundlerRuntime, attachShareScopeMap } = globalThis.__CONCERT_MF__.federation;

module.exports = {
  __esModule: true,
  default: {
    runtime,
    instance: undefined,
    initOptions: undefined,
    bundlerRuntime: { ...bundlerRuntime, initContainerEntry, S: {} },
    attachShareScopeMap,
    bundlerRuntimeOptions: {},
  },
};
